/**
 * A notice's attachments (issue 11 §4): each file's name as a download link (the descriptor's
 * `url`, DESIGN.md §7; the server decides who may read it) with its size, and a picture for an
 * image. Used by the teacher's notice list and the parent's notices, on pc and phone.
 */
import type { FileDescriptor } from '@campus/contracts/storage';
import { isImageName } from '@campus/contracts/upload-rules';
import { useApp } from '@campus/ui/app-context';
import { formatBytes } from '@campus/ui/upload-format';

export function Attachments({ files }: { files: readonly FileDescriptor[] }) {
  const { t, lang } = useApp();
  if (files.length === 0) return null;
  return (
    <div className="cms-attachments" data-testid="cms.attachments">
      <h3 className="cms-attachments__title">{t('cms.attachments.title')}</h3>
      <ul className="cms-attachments__list">
        {files.map((file) => (
          <li key={file.fileId} className="cms-attachment" data-testid="cms.attachment">
            {isImageName(file.name) ? (
              <img className="cms-attachment__thumb" src={file.url} alt="" loading="lazy" />
            ) : (
              <svg
                className="cms-attachment__icon"
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  fill="currentColor"
                  d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6zm4 18H6V4h7v5h5v11z"
                />
              </svg>
            )}
            <a
              className="cms-attachment__link"
              href={file.url}
              download={file.name}
              data-testid="cms.attachment.link"
            >
              {file.name}
            </a>
            <span className="cms-muted cms-attachment__size">{formatBytes(file.size, lang)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

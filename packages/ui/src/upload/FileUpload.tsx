/**
 * The upload component (issue 11 §4), without a UI kit: a drop zone with a file button and, where
 * the browser can pick folders, a folder button; one row per file (`UploadRow`) with its
 * progress, speed and time left, and pause, resume and cancel. It shows what an upload queue
 * holds (`useUploadQueue` over the SDK's uploader), so the form around it reads the finished
 * files' descriptors from the same queue. A picked or dropped folder shows as the spec §3
 * directory tree of its files (`UploadList`).
 *
 * Laid out for any width down to a 375 px phone: names wrap, the figures wrap under the bar, and
 * the buttons grow to 44 px on a narrow or touch screen (upload.css).
 */
import { useId, useRef, useState, type DragEvent } from 'react';
import { normalizeLanguage } from '@campus/sdk/language';
import { uiT } from '../i18n/ui-messages.ts';
import '../components/button.css';
import { canPickFolders, filesFromDrop, filesFromList } from './picked-files.ts';
import type { UploadQueue } from './upload-queue.ts';
import { formatBytes } from './upload-format.ts';
import { UploadList } from './UploadList.tsx';
import { useUploadQueueState } from './useUploadQueue.ts';
import './upload.css';

export interface FileUploadProps {
  /** The files and their uploads (`useUploadQueue(uploader, { maxFiles })`). */
  queue: UploadQueue;
  /** zh-CN or en; anything else shows zh-CN (spec §1). */
  lang?: string | null;
  /** The group's visible name ('Attachments' when absent). */
  label?: string;
  /** The uploader's size limit (spec §5), shown as a hint and in the too-large message. */
  maxBytes?: number | null;
  /** Offer the folder button where the browser can pick folders (default true). */
  folders?: boolean;
  /** The file input's `accept` (any file by default; the deny-list still applies). */
  accept?: string;
  disabled?: boolean;
}

/**
 * @example
 * const uploader = useMemo(() => createUploader({ http, appCode: 'cms', maxBytes }), [http]);
 * const queue = useUploadQueue(uploader, { maxFiles: 10 });
 * <FileUpload queue={queue} lang={lang} maxBytes={maxBytes} label={t('cms.publish.attachments')} />
 */
export function FileUpload({
  queue,
  lang: given,
  label,
  maxBytes,
  folders = true,
  accept,
  disabled = false,
}: FileUploadProps) {
  const lang = normalizeLanguage(given);
  const t = uiT(lang);
  const id = useId();
  const state = useUploadQueueState(queue);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const pickButton = useRef<HTMLButtonElement>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const withFolders = folders && canPickFolders();
  const max = queue.maxFiles;

  const onPicked = (input: HTMLInputElement) => {
    queue.add(filesFromList(input.files));
    // The same file may be picked again (after a reload, or once removed).
    input.value = '';
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    if (disabled) return;
    void filesFromDrop(event.dataTransfer).then((files) => queue.add(files));
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    // Without this the browser opens the dropped file instead of handing it to the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const onRemove = (itemId: string) => {
    queue.remove(itemId);
    // The row and its button are gone: keep the keyboard user in the component.
    pickButton.current?.focus();
  };

  let hint: string | null = null;
  if (max !== null && maxBytes) {
    hint = t('upload.limits', { count: max, size: formatBytes(maxBytes, lang) });
  } else if (maxBytes) hint = t('upload.limitSize', { size: formatBytes(maxBytes, lang) });

  return (
    <div
      className="cp-upload"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={hint ? `${id}-hint` : undefined}
      data-testid="upload"
    >
      <span className="cp-upload__label" id={`${id}-label`}>
        {label ?? t('upload.label')}
      </span>
      <div
        className={`cp-upload__drop${over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}`}
        data-testid="upload.drop"
        onDragEnter={(event) => {
          event.preventDefault();
          depth.current += 1;
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        }}
        onDragOver={onDragOver}
        onDrop={onDrop}
      >
        <svg className="cp-upload__art" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M19.35 10.04A7.49 7.49 0 0 0 5.35 8.04 5.994 5.994 0 0 0 6 20h13a5 5 0 0 0 .35-9.96zM14 13v4h-4v-4H7l5-5 5 5h-3z"
          />
        </svg>
        <p className="cp-upload__prompt">
          {over ? t('upload.dropActive') : t(withFolders ? 'upload.drop' : 'upload.dropFiles')}
        </p>
        <div className="cp-upload__pick">
          <button
            ref={pickButton}
            type="button"
            className="ph-button ph-button--primary"
            data-testid="upload.pickFiles"
            disabled={disabled}
            onClick={() => filesInput.current?.click()}
          >
            {t('upload.pickFiles')}
          </button>
          {withFolders ? (
            <button
              type="button"
              className="ph-button"
              data-testid="upload.pickFolder"
              disabled={disabled}
              onClick={() => folderInput.current?.click()}
            >
              {t('upload.pickFolder')}
            </button>
          ) : null}
        </div>
        {hint ? (
          <p className="cp-upload__hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        <input
          ref={filesInput}
          type="file"
          multiple
          hidden
          accept={accept}
          tabIndex={-1}
          data-testid="upload.input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
        {withFolders ? (
          <input
            ref={(input) => {
              folderInput.current = input;
              // Not in React's typings: the attribute that turns the input into a folder picker.
              input?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            multiple
            hidden
            tabIndex={-1}
            data-testid="upload.folderInput"
            onChange={(event) => onPicked(event.currentTarget)}
          />
        ) : null}
      </div>
      {state.overflow > 0 && max !== null ? (
        <p className="cp-upload__error" role="alert" data-testid="upload.overflow">
          {t('upload.tooMany', { max, count: state.overflow })}
        </p>
      ) : null}
      {state.items.length > 0 ? (
        <UploadList
          items={state.items}
          label={t('upload.list')}
          lang={lang}
          maxBytes={maxBytes}
          disabled={disabled}
          onRemove={onRemove}
          onRetry={queue.retry}
        />
      ) : null}
    </div>
  );
}

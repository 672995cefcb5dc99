/**
 * The notice attachments' uploader (issue 11 §4: a teacher attaches files and images to a
 * notice): the SDK's uploader on the app's HTTP client, its failures shown as the page's
 * notifications (spec §8 `status：message`), in the app's language.
 */
import { useMemo } from 'react';
import { NOTICE_ATTACHMENTS_MAX } from '@campus/contracts/cms';
import { createUploader, type Uploader } from '@campus/sdk/uploader';
import { useApp } from '@campus/ui/app-context';

/**
 * The largest attachment the form takes (spec §5 "upload size limit, when set"): a lesson
 * video of a few hundred MB fits; the server's own limit (UPLOAD_MAX_BYTES) still decides.
 */
export const NOTICE_ATTACHMENT_MAX_BYTES = 500 * 1024 * 1024;

/** Files per notice, as the server counts them (contracts). */
export const NOTICE_ATTACHMENT_MAX_FILES = NOTICE_ATTACHMENTS_MAX;

/** One uploader per app page, made again only if the app's client or language changes. */
export function useAttachmentUploader(): Uploader {
  const { http, appCode, lang, notices } = useApp();
  return useMemo(
    () =>
      createUploader({
        http,
        appCode,
        language: () => lang,
        notify: (notice) => notices.show(notice),
        maxBytes: NOTICE_ATTACHMENT_MAX_BYTES,
      }),
    [http, appCode, lang, notices],
  );
}

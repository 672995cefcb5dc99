import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useApp } from '@campus/ui/app-context';
import { FileUpload } from '@campus/ui/FileUpload';
import { useUploadQueue, useUploadQueueState } from '@campus/ui/useUploadQueue';
import { cmsApi } from '../shared/api.ts';
import {
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_ATTACHMENT_MAX_FILES,
  useAttachmentUploader,
} from '../shared/attachments.ts';
import {
  checkPublish,
  NOTICE_LIMITS,
  publishBody,
  type PublishErrors,
  type PublishInput,
} from './publish-rules.ts';

const EMPTY: PublishInput = { title: '', content: '', gradeName: '', className: '' };

/**
 * The publish form. Nothing typed is lost on a failure: the form keeps its values. Files and
 * images are attached with the upload component (issue 11 §4): they upload as soon as they are
 * picked, and the notice goes with their `fileId`s once every one has arrived.
 */
export function PublishNotice() {
  const { http, t, notices, lang } = useApp();
  const navigate = useNavigate();
  const id = useId();
  const [input, setInput] = useState<PublishInput>(EMPTY);
  const [errors, setErrors] = useState<PublishErrors>({});
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);
  const uploads = useUploadQueue(useAttachmentUploader(), {
    maxFiles: NOTICE_ATTACHMENT_MAX_FILES,
  });
  const attached = useUploadQueueState(uploads);
  const [waiting, setWaiting] = useState(false);

  const field = (name: keyof PublishInput) => ({
    id: `${id}-${name}`,
    name,
    value: input[name],
    'aria-invalid': errors[name] ? ('true' as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    'data-testid': `cms.publish.${name}`,
    onChange: (e: { target: { value: string } }) => setInput({ ...input, [name]: e.target.value }),
  });
  const error = (name: keyof PublishInput) =>
    errors[name] ? (
      <span className="cms-field__error" id={`${id}-${name}-error`} role="alert">
        {t(errors[name])}
      </span>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending.current) return; // a second submit while one is pending is ignored
    const found = checkPublish(input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    pending.current = true;
    setBusy(true);
    try {
      // Files still on their way are waited for; one that failed stops the form (its row says
      // why, and the teacher removes or retries it).
      setWaiting(uploads.getState().pending > 0);
      const { descriptors, failed } = await uploads.settled();
      setWaiting(false);
      if (failed > 0) return;
      const fileIds = descriptors.map((file) => file.fileId);
      const answer = await cmsApi(http).publish({
        ...publishBody(input),
        ...(fileIds.length > 0 ? { fileIds } : {}),
      });
      if (answer.status === 200) {
        notices.show({ type: 'success', message: t('cms.publish.success') });
        await navigate('/notice/list');
      }
    } catch {
      // The HTTP rules (spec §8) told the user; the form keeps what was typed.
    } finally {
      pending.current = false;
      setWaiting(false);
      setBusy(false);
    }
  };

  return (
    <section className="cms-card" aria-labelledby={`${id}-title`}>
      <div className="cms-card__head">
        <h1 className="cms-card__title" id={`${id}-title`}>
          {t('cms.publish.title')}
        </h1>
      </div>
      <form className="cms-form" noValidate onSubmit={(e) => void submit(e)}>
        <label className="cms-field" htmlFor={`${id}-title-input`}>
          <span className="cms-field__label">{t('cms.field.title')}</span>
          <input
            {...field('title')}
            id={`${id}-title-input`}
            maxLength={NOTICE_LIMITS.title}
            placeholder={t('cms.publish.titlePlaceholder')}
          />
          {error('title')}
        </label>
        <label className="cms-field" htmlFor={`${id}-content`}>
          <span className="cms-field__label">{t('cms.field.content')}</span>
          <textarea
            {...field('content')}
            maxLength={NOTICE_LIMITS.content}
            placeholder={t('cms.publish.contentPlaceholder')}
          />
          {error('content')}
        </label>
        <div className="cms-form__row">
          <label className="cms-field" htmlFor={`${id}-gradeName`}>
            <span className="cms-field__label">{t('cms.field.grade')}</span>
            <input {...field('gradeName')} placeholder={t('cms.publish.gradePlaceholder')} />
            {error('gradeName')}
          </label>
          <label className="cms-field" htmlFor={`${id}-className`}>
            <span className="cms-field__label">{t('cms.field.className')}</span>
            <input {...field('className')} placeholder={t('cms.publish.classPlaceholder')} />
            {error('className')}
          </label>
        </div>
        <div className="cms-field">
          <FileUpload
            queue={uploads}
            lang={lang}
            label={t('cms.publish.attachments')}
            maxBytes={NOTICE_ATTACHMENT_MAX_BYTES}
          />
          {attached.failed > 0 ? (
            <span className="cms-field__error" role="alert" data-testid="cms.publish.uploadFailed">
              {t('cms.publish.attachmentsFailed')}
            </span>
          ) : null}
        </div>
        <div>
          <button
            type="submit"
            className="ph-button ph-button--primary"
            disabled={busy}
            data-testid="cms.publish.submit"
          >
            {waiting
              ? t('cms.publish.waitingForFiles')
              : busy
                ? t('cms.publish.submitting')
                : t('cms.publish.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

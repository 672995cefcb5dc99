/**
 * One file of the upload component: its name (with its path inside a picked folder), a progress
 * bar, the bytes sent, speed and time left, its state (spec §4 chunked upload: reading the md5,
 * checking, uploading, merging, done, and "instant" when `second_upload_check` finished it), its
 * failure in the words of spec §8, and pause, resume and cancel (or retry and remove once it
 * stopped).
 */
import { useCallback, useId } from 'react';
import type { Language } from '@campus/sdk/language';
import { uploadErrorText, type UploadError } from '@campus/sdk/upload-errors';
import type { UploadSnapshot, UploadStatus } from '@campus/sdk/uploader';
import { isImageName } from '@campus/contracts/upload-rules';
import { uiT, type UiKey } from '../i18n/ui-messages.ts';
import type { UploadItem } from './upload-queue.ts';
import {
  formatBytes,
  formatEta,
  formatSpeed,
  hashedPercent,
  sentPercent,
} from './upload-format.ts';
import { useUploadTask } from './useUploadTask.ts';

const STATUS_KEYS: Readonly<Record<UploadStatus, UiKey>> = {
  pending: 'upload.status.pending',
  hashing: 'upload.status.hashing',
  checking: 'upload.status.checking',
  uploading: 'upload.status.uploading',
  merging: 'upload.status.merging',
  done: 'upload.status.done',
  failed: 'upload.status.failed',
  aborted: 'upload.status.aborted',
};

/** Refusals the client words itself: shown again in the language in force after a switch. */
const CLIENT_REFUSALS = new Set([
  'notFound',
  'sizeLimit',
  'forbiddenType',
  'empty',
  'fileTypeError',
]);

/** Spec §8's text of a failure: the SDK's own for a client refusal, else what the server said. */
export function uploadFailureText(error: UploadError, lang: Language): string {
  return CLIENT_REFUSALS.has(error.type) ? uploadErrorText(error.type, lang) : error.message;
}

/**
 * A small picture of an image file, from the local file (no request). The object URL lives as
 * long as the <img> (React 19's ref clean-up), so a removed row frees it.
 */
function Thumbnail({ file }: { file: File }) {
  // One callback per file: a new one on every render would make a new URL on every progress.
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return undefined;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img className="cp-upload__thumb" alt="" ref={attach} />;
}

/** Whether a row shows a picture: an image, where the page can make a URL of a local file. */
function hasThumbnail(file: File): boolean {
  return isImageName(file.name) && typeof URL.createObjectURL === 'function';
}

export interface UploadRowProps {
  item: UploadItem;
  /** What the row calls the file: its name (inside a folder's tree, without the folder). */
  name: string;
  lang: Language;
  /** Spec §5 size limit, named in the too-large message. */
  maxBytes: number | null | undefined;
  disabled: boolean;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}

function Icon({ name }: { name: 'pause' | 'play' | 'close' | 'retry' }) {
  const paths = {
    pause: 'M7 5h3v14H7zM14 5h3v14h-3z',
    play: 'M8 5v14l11-7z',
    close:
      'M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z',
    retry: 'M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z',
  } as const;
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}

/** The row's first line: the file's name (its folder path as a tooltip) and size. */
function RowHead({
  id,
  item,
  name,
  size,
  lang,
}: {
  id: string;
  item: UploadItem;
  name: string;
  size: number;
  lang: Language;
}) {
  return (
    <div className="cp-upload__head">
      <span
        className="cp-upload__name"
        id={id}
        title={item.relativePath || undefined}
        data-testid="upload.name"
      >
        {name}
      </span>
      <span className="cp-upload__size">{formatBytes(size, lang)}</span>
    </div>
  );
}

/** Why a file was refused or failed, in spec §8's words; the limit named for a too-large one. */
function FailureLine({
  failure,
  maxBytes,
  lang,
}: {
  failure: UploadError;
  maxBytes: number | null | undefined;
  lang: Language;
}) {
  const t = uiT(lang);
  return (
    <p className="cp-upload__error" role="alert" data-testid="upload.error">
      {uploadFailureText(failure, lang)}
      {failure.type === 'sizeLimit' && maxBytes ? (
        <span className="cp-upload__error-hint">
          {t('upload.limitHint', { size: formatBytes(maxBytes, lang) })}
        </span>
      ) : null}
    </p>
  );
}

/** A row's icon button; `label` is its accessible name and tooltip. */
function RowButton({
  label,
  testId,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  testId: string;
  icon: 'pause' | 'play' | 'close' | 'retry';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="cp-upload__icon"
      aria-label={label}
      title={label}
      data-testid={testId}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}

/** A file the client refused: its name and why (spec §5 deny-list, size limit; §8 texts). */
function RefusedRow({ item, name, lang, maxBytes, disabled, onRemove }: UploadRowProps) {
  const t = uiT(lang);
  const nameId = useId();
  const refusal = item.refusal;
  return (
    <li className="cp-upload__item is-failed" data-testid="upload.item" data-status="refused">
      <div className="cp-upload__main">
        <RowHead id={nameId} item={item} name={name} size={item.file.size} lang={lang} />
        <p className="cp-upload__meta">
          <span className="cp-upload__status" data-testid="upload.status">
            {t('upload.status.refused')}
          </span>
        </p>
        {refusal ? <FailureLine failure={refusal} maxBytes={maxBytes} lang={lang} /> : null}
      </div>
      <div className="cp-upload__actions">
        <RowButton
          label={t('upload.remove', { name })}
          testId="upload.remove"
          icon="close"
          disabled={disabled}
          onClick={() => onRemove(item.id)}
        />
      </div>
    </li>
  );
}

/** What the line under the bar says besides the state: bytes, speed, time left. */
function Figures({ snapshot, lang }: { snapshot: UploadSnapshot; lang: Language }) {
  const t = uiT(lang);
  const sending = snapshot.status === 'uploading' && !snapshot.paused;
  return (
    <>
      <span data-testid="upload.bytes">
        {t('upload.bytes', {
          sent: formatBytes(snapshot.sentBytes, lang),
          total: formatBytes(snapshot.totalBytes, lang),
        })}
      </span>
      {sending && snapshot.speed > 0 ? (
        <span data-testid="upload.speed">{formatSpeed(snapshot.speed, lang)}</span>
      ) : null}
      {sending && snapshot.etaMs !== null ? (
        <span data-testid="upload.eta">{formatEta(snapshot.etaMs, lang)}</span>
      ) : null}
    </>
  );
}

function statusText(snapshot: UploadSnapshot, lang: Language): string {
  const t = uiT(lang);
  if (snapshot.paused) return t('upload.status.paused');
  if (snapshot.status === 'done' && snapshot.instant) return t('upload.status.instant');
  if (snapshot.status === 'hashing') {
    return t('upload.status.hashing', { percent: hashedPercent(snapshot) });
  }
  return t(STATUS_KEYS[snapshot.status]);
}

/** A file on its way, or finished. */
function TaskRow(props: UploadRowProps & { task: NonNullable<UploadItem['task']> }) {
  const { item, name, lang, maxBytes, disabled, onRemove, onRetry, task } = props;
  const t = uiT(lang);
  const nameId = useId();
  const snapshot = useUploadTask(task);
  const percent = sentPercent(snapshot);
  const { status, paused, error } = snapshot;
  const running = status !== 'done' && status !== 'failed' && status !== 'aborted';
  // A merge is one short call the server finishes either way: pausing it would only repeat it.
  const canPause = running && status !== 'merging';
  const shown = statusText(snapshot, lang);
  return (
    <li
      className={`cp-upload__item is-${status}${paused ? ' is-paused' : ''}`}
      data-testid="upload.item"
      data-status={status}
      data-paused={paused ? 'true' : undefined}
      data-instant={snapshot.instant ? 'true' : undefined}
      data-resumed={snapshot.resumed ? 'true' : undefined}
    >
      {hasThumbnail(item.file) ? <Thumbnail file={item.file} /> : null}
      <div className="cp-upload__main">
        <RowHead id={nameId} item={item} name={name} size={snapshot.totalBytes} lang={lang} />
        {status !== 'failed' && status !== 'aborted' ? (
          <div
            className="cp-upload__bar"
            role="progressbar"
            aria-labelledby={nameId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${shown}, ${t('upload.progress', {
              percent,
              sent: formatBytes(snapshot.sentBytes, lang),
              total: formatBytes(snapshot.totalBytes, lang),
            })}`}
            data-testid="upload.progress"
          >
            <div className="cp-upload__fill" style={{ width: `${percent}%` }} />
          </div>
        ) : null}
        <p className="cp-upload__meta">
          <span className="cp-upload__status" data-testid="upload.status">
            {shown}
          </span>
          {snapshot.resumed && running ? (
            <span data-testid="upload.resumed">{t('upload.resumed')}</span>
          ) : null}
          {status === 'failed' || status === 'aborted' ? null : (
            <Figures snapshot={snapshot} lang={lang} />
          )}
        </p>
        {status === 'failed' && error ? (
          <FailureLine failure={error} maxBytes={maxBytes} lang={lang} />
        ) : null}
      </div>
      <div className="cp-upload__actions">
        {canPause ? (
          <RowButton
            label={t(paused ? 'upload.resume' : 'upload.pause', { name })}
            testId={paused ? 'upload.resume' : 'upload.pause'}
            icon={paused ? 'play' : 'pause'}
            disabled={disabled}
            onClick={() => (paused ? task.resume() : task.pause())}
          />
        ) : null}
        {status === 'failed' ? (
          <RowButton
            label={t('upload.retry', { name })}
            testId="upload.retry"
            icon="retry"
            disabled={disabled}
            onClick={() => onRetry(item.id)}
          />
        ) : null}
        <RowButton
          label={t(running ? 'upload.cancel' : 'upload.remove', { name })}
          testId={running ? 'upload.cancel' : 'upload.remove'}
          icon="close"
          disabled={disabled}
          onClick={() => onRemove(item.id)}
        />
      </div>
    </li>
  );
}

export function UploadRow(props: UploadRowProps) {
  return props.item.task ? (
    <TaskRow {...props} task={props.item.task} />
  ) : (
    <RefusedRow {...props} />
  );
}

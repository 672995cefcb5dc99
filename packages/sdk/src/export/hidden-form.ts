/**
 * A hidden form posted into a hidden iframe (spec §7 table export and form downloads): the page
 * stays where it is, and the browser downloads the attachment the server answers. The form goes
 * after 500 ms (spec §9). The iframe stays until it loads or the request's time is up, since
 * removing it earlier would cancel an answer still being written; an attachment never loads it,
 * so a load means the server answered a page instead (a refusal), whose envelope is handed over.
 */
import type { Envelope } from '@campus/contracts/envelope';
import { REQUEST_TIMEOUT_MS } from '../http/http-core.ts';

/** Spec §9: the hidden form is removed 500 ms after the submit. */
export const EXPORT_FORM_CLEANUP_MS = 500;

let frames = 0;

/** The envelope a same-origin frame shows, or null (another origin, not JSON, not an envelope). */
function frameEnvelope(frame: HTMLIFrameElement): Envelope<unknown> | null {
  try {
    const parsed = JSON.parse(frame.contentDocument?.body?.textContent ?? '') as unknown;
    return typeof parsed === 'object' && parsed !== null && 'status' in parsed
      ? (parsed as Envelope<unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The frame still shows its initial empty document (browsers fire `load` for it on insertion). */
function stillBlank(frame: HTMLIFrameElement): boolean {
  try {
    return frame.contentWindow?.location.href === 'about:blank';
  } catch {
    return false;
  }
}

/**
 * Posts (or gets) `fields` to `action` through a hidden form into a new hidden iframe.
 *
 * @example
 * submitHiddenForm(document, { action: '/x', method: 'post', fields: { title: 't' }, onRefusal: show });
 */
export function submitHiddenForm(
  doc: Document,
  request: {
    action: string;
    method: 'get' | 'post';
    fields: Readonly<Record<string, string>>;
    /** The server answered an envelope with a status other than 200. */
    onRefusal?: (envelope: Envelope<unknown>) => void;
  },
): void {
  frames += 1;
  const frame = doc.createElement('iframe');
  frame.name = `ph-hidden-frame-${frames}`;
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  const form = doc.createElement('form');
  form.method = request.method;
  form.action = request.action;
  form.target = frame.name;
  form.acceptCharset = 'UTF-8';
  form.hidden = true;
  for (const [name, value] of Object.entries(request.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(frame, form);
  const removeFrame = (): void => {
    clearTimeout(timer);
    frame.remove();
  };
  const timer = setTimeout(removeFrame, REQUEST_TIMEOUT_MS);
  frame.addEventListener('load', () => {
    const envelope = frameEnvelope(frame);
    if (!envelope && stillBlank(frame)) return;
    if (envelope && envelope.status !== 200) request.onRefusal?.(envelope);
    removeFrame();
  });
  form.submit();
  setTimeout(() => form.remove(), EXPORT_FORM_CLEANUP_MS);
}

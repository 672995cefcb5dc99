/**
 * The HTTP client reports notices (spec §8) from outside React; antd's notification API lives
 * inside its App context. The bridge holds notices until that context registers its handler.
 * The desktop and the admin console (a page of its own, so a module instance of its own) both
 * use it, with `NoticeBridge` as the handler.
 */
import type { Notice } from '@campus/sdk/http';

type Handler = (notice: Notice) => void;

let handler: Handler | null = null;
const early: Notice[] = [];

export function showNotice(notice: Notice): void {
  if (handler) handler(notice);
  else early.push(notice);
}

/** Registers the UI's handler; returns the function that removes it. */
export function setNoticeHandler(next: Handler): () => void {
  handler = next;
  for (const notice of early.splice(0)) next(notice);
  return () => {
    if (handler === next) handler = null;
  };
}

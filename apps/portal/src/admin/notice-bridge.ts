/**
 * The HTTP client reports failures (spec §8) from outside React; antd's notification API lives
 * inside its App context. The bridge holds notices until the console's `AdminNotices` registers.
 */
import type { Notice } from '@campus/sdk/http-core';

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

/**
 * The notifications every sub-app on a page shares (spec §9: 2000 ms by default, 16 px apart).
 * A vanilla store so the SDK's HTTP rules (spec §8) can post to it without React.
 */

/** How long a notification stays up unless told otherwise (spec §9). */
export const NOTICE_DURATION_MS = 2000;
/** The space between stacked notifications (spec §9). */
export const NOTICE_GAP_PX = 16;

/** What a notification says; the SDK's HTTP notices (error, warning) are this shape too. */
export interface NoticeInput {
  type: 'error' | 'warning' | 'info' | 'success';
  title?: string | undefined;
  message: string;
}

/** One notification on screen. */
export interface ShownNotice extends NoticeInput {
  id: number;
}

/** The notifications of one page. */
export interface NoticeStore {
  getState: () => readonly ShownNotice[];
  subscribe: (listener: () => void) => () => void;
  /** Shows a notification for `durationMs` (default 2000 ms); returns its id. */
  show: (notice: NoticeInput, durationMs?: number) => number;
  dismiss: (id: number) => void;
}

/**
 * @example
 * const notices = createNoticeStore();
 * pageRuntime().setNotifier((n) => notices.show(n));
 */
export function createNoticeStore(
  timers: Pick<typeof globalThis, 'setTimeout'> = globalThis,
): NoticeStore {
  let shown: readonly ShownNotice[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const dismiss = (id: number) => {
    if (!shown.some((n) => n.id === id)) return;
    shown = shown.filter((n) => n.id !== id);
    emit();
  };
  return {
    getState: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show: (notice, durationMs = NOTICE_DURATION_MS) => {
      const id = nextId++;
      shown = [...shown, { id, type: notice.type, title: notice.title, message: notice.message }];
      emit();
      timers.setTimeout(() => dismiss(id), durationMs);
      return id;
    },
    dismiss,
  };
}

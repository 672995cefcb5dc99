/**
 * A tiny notice queue for the login page, where antd's notification would cost more than
 * the rest of the page. The HTTP client pushes into it from outside React.
 */
export type ToastKind = 'success' | 'error' | 'warning';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
}

/** Spec §9: notifications last 2000 ms by default. */
export const TOAST_DURATION_MS = 2000;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function dismissToast(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Shows a notice for `durationMs`; returns its id. */
export function pushToast(toast: Omit<ToastItem, 'id'>, durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  items = [...items, { ...toast, id }];
  emit();
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly ToastItem[] {
  return items;
}

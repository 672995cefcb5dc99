/**
 * "The unread messages changed" (spec §2: the bell's count follows what the messages dialog
 * ignores). The dialog announces; the header listens and reloads its count. A plain listener
 * set, so neither side imports the other.
 */
const listeners = new Set<() => void>();

/** Tells every listener that messages were ignored (one or all). */
export function unreadChanged(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Calls `listener` after each change; returns the function that stops it.
 *
 * @example
 * useEffect(() => onUnreadChanged(() => void reloadCount()), []);
 */
export function onUnreadChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

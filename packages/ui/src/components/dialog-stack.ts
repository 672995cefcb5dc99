/**
 * The open dialogs of the page, bottom first (spec §4: the modal stack's z-index starts at
 * 1500). A module-level store, because dialogs opened by separate React roots on one page (the
 * shell, a sub-app) must still stack above one another and agree on which one Escape closes.
 */

/** Spec §4 and §9: the first dialog of the kit sits at z-index 1500, each later one above. */
export const DIALOG_Z_INDEX_BASE = 1500;

/** One open dialog. */
export interface DialogStackEntry {
  readonly key: string;
  readonly zIndex: number;
}

let entries: readonly DialogStackEntry[] = [];
// Never reused while any dialog is open, so a dialog opened after a lower one closed still
// lands above every dialog left open; back to the base once the stack is empty.
let nextZIndex = DIALOG_Z_INDEX_BASE;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of [...listeners]) listener();
}

/**
 * The stack every {@link DraggableDialog} registers in while it is open.
 *
 * @example
 * dialogStack.open('a'); // z-index 1500
 * dialogStack.open('b'); // z-index 1501, now the top
 * dialogStack.isTop('b'); // true
 */
export const dialogStack = {
  open: (key: string): void => {
    if (entries.some((entry) => entry.key === key)) return;
    entries = [...entries, { key, zIndex: nextZIndex++ }];
    emit();
  },
  close: (key: string): void => {
    if (!entries.some((entry) => entry.key === key)) return;
    entries = entries.filter((entry) => entry.key !== key);
    if (entries.length === 0) nextZIndex = DIALOG_Z_INDEX_BASE;
    emit();
  },
  isTop: (key: string): boolean => {
    return entries.at(-1)?.key === key;
  },
  zIndexOf: (key: string): number | undefined => {
    return entries.find((entry) => entry.key === key)?.zIndex;
  },
  getSnapshot: (): readonly DialogStackEntry[] => {
    return entries;
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

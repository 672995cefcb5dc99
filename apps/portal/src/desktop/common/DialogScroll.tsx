import type { ReactNode } from 'react';

/**
 * The scrolling part of a desktop dialog. It takes the keyboard focus, so a keyboard user can
 * scroll a long About text or a wide table on a phone (issue 10 §5: WCAG 2.1.1, axe's
 * scrollable-region-focusable); antd gives its modal body no way to be focused.
 */
export function DialogScroll({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div
      className="dd-scroll"
      tabIndex={0}
      {...(label ? { role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}

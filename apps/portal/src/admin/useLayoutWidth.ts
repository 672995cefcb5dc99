import { useSyncExternalStore } from 'react';

/**
 * How wide the console lays out (DESIGN.md §6 PC, iPad and phone widths): `wide` above 1024 px
 * (the side menu open), `medium` down to 768 px (the side menu folded to its icons, so an iPad
 * keeps the content wide), `narrow` below (a phone: the menu in a drawer, the unit switcher on
 * its own line). Media queries, so the stylesheet and the layout change at the same width.
 */
export type LayoutWidth = 'wide' | 'medium' | 'narrow';

const NARROW = '(max-width: 767.98px)';
const MEDIUM = '(max-width: 1024px)';

function current(): LayoutWidth {
  if (window.matchMedia(NARROW).matches) return 'narrow';
  if (window.matchMedia(MEDIUM).matches) return 'medium';
  return 'wide';
}

function subscribe(listener: () => void): () => void {
  const queries = [NARROW, MEDIUM].map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', listener);
  return () => {
    for (const query of queries) query.removeEventListener('change', listener);
  };
}

export function useLayoutWidth(): LayoutWidth {
  return useSyncExternalStore(subscribe, current, current);
}

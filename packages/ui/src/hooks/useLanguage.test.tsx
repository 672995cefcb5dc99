// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useLanguage, type LanguageSource } from './useLanguage.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function fakeI18n(initial: string) {
  const listeners = new Set<(lng: string) => void>();
  const source = {
    language: initial,
    on: (_event: 'languageChanged', l: (lng: string) => void) => listeners.add(l),
    off: (_event: 'languageChanged', l?: (lng: string) => void) => l && listeners.delete(l),
    change(lng: string) {
      source.language = lng;
      for (const l of listeners) l(lng);
    },
    listenerCount: () => listeners.size,
  };
  return source satisfies LanguageSource;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => act(() => root.unmount()));

describe('useLanguage (spec §4 language switching)', () => {
  it('re-renders on a language change and unsubscribes on unmount', async () => {
    const i18n = fakeI18n('zh-CN');
    function Probe() {
      return <p>{useLanguage(i18n)}</p>;
    }
    await act(async () => root.render(<Probe />));
    expect(container.textContent).toBe('zh-CN');
    await act(async () => i18n.change('en'));
    expect(container.textContent).toBe('en');
    await act(async () => root.unmount());
    expect(i18n.listenerCount()).toBe(0);
    root = createRoot(container);
  });
});

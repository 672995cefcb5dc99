/**
 * Renders React nodes into a detached element for jsdom tests, one fresh root per test
 * (mounted before each, unmounted after), so component tests say only what they check.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mount {
  readonly container: HTMLDivElement;
  render(node: ReactNode): Promise<void>;
  byTestId(id: string): Element | null;
}

export function mountPerTest(): Mount {
  let container = document.createElement('div');
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    root = createRoot(container);
  });
  afterEach(() => act(() => root.unmount()));
  return {
    get container() {
      return container;
    },
    render: (node) => act(async () => root.render(node)),
    byTestId: (id) => container.querySelector(`[data-testid="${id}"]`),
  };
}

// @vitest-environment jsdom
import { act, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import {
  DIALOG_Z_INDEX_BASE,
  DraggableDialog,
  dialogPlacement,
  type DraggableDialogProps,
} from './DraggableDialog.tsx';

const view = mountPerTest();
// The container is attached so that the opener button can hold focus.
beforeEach(() => document.body.append(view.container));
afterEach(() => view.container.remove());

/** Dialogs render into document.body, not into the test container. */
const inBody = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const dialog = (id = 'dialog') => inBody(id);

async function fire(target: EventTarget, event: Event) {
  await act(async () => {
    target.dispatchEvent(event);
  });
}
const key = (name: string, init: KeyboardEventInit = {}) =>
  new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...init });
const pointer = (type: string, x: number, y: number) =>
  new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    clientX: x,
    clientY: y,
    button: 0,
    pointerId: 1,
  });

/** A dialog whose parent owns `visible`, as real callers do. */
function Harness(props: Partial<DraggableDialogProps> & { startOpen?: boolean; opener?: boolean }) {
  const { startOpen = true, opener = false, onClose, ...rest } = props;
  const [visible, setVisible] = useState(startOpen);
  return (
    <>
      {opener ? (
        <button type="button" data-testid="page.open" onClick={() => setVisible(true)}>
          open
        </button>
      ) : null}
      <DraggableDialog
        title="编辑通知"
        {...rest}
        visible={visible}
        onClose={() => {
          onClose?.();
          setVisible(false);
        }}
      />
    </>
  );
}

async function render(node: ReactNode) {
  await view.render(node);
}

describe('<DraggableDialog> (spec §3 dialog props, §4 dialog states)', () => {
  it('spec §4: closed renders nothing; open is a labelled modal dialog in document.body', async () => {
    await render(<DraggableDialog visible={false} title="T" />);
    expect(dialog()).toBeNull();

    await render(
      <DraggableDialog visible title="编辑通知" footer={<button type="button">OK</button>}>
        <p>body</p>
      </DraggableDialog>,
    );
    const box = dialog();
    expect(box?.getAttribute('role')).toBe('dialog');
    expect(box?.getAttribute('aria-modal')).toBe('true');
    expect(view.container.contains(box)).toBe(false);
    expect(document.body.contains(box)).toBe(true);
    const titleId = box?.getAttribute('aria-labelledby') ?? '';
    expect(document.getElementById(titleId)?.textContent).toBe('编辑通知');
    expect(inBody('dialog.body')?.textContent).toBe('body');
    expect(inBody('dialog.footer')?.textContent).toBe('OK');
    expect(inBody('dialog.mask')).not.toBeNull();
  });

  it('spec §3: defaults are width 60%, middle at top 15%, size small, close button shown', async () => {
    await render(<DraggableDialog visible title="T" />);
    const box = dialog() as HTMLElement;
    expect(box.style.width).toBe('60%');
    expect(box.style.top).toBe('15%');
    expect(box.style.marginInline).toBe('auto');
    expect(box.dataset.size).toBe('small');
    expect(inBody('dialog.close')?.getAttribute('aria-label')).toBe('关闭');

    await render(
      <DraggableDialog visible title="T" width={480} top="40px" size="large" lang="en" />,
    );
    expect(dialog()?.style.width).toBe('480px');
    expect(dialog()?.style.top).toBe('40px');
    expect(dialog()?.dataset.size).toBe('large');
    expect(inBody('dialog.close')?.getAttribute('aria-label')).toBe('Close');

    await render(<DraggableDialog visible title="T" showClose={false} modal={false} />);
    expect(inBody('dialog.close')).toBeNull();
    expect(inBody('dialog.mask')).toBeNull();
    expect(dialog()?.hasAttribute('aria-modal')).toBe(false);
  });

  it('spec §3: position presets and four offsets [top, right, bottom, left]', () => {
    expect(dialogPlacement('tr', '15%')).toMatchObject({ top: 0, right: 0 });
    expect(dialogPlacement('left', 30)).toMatchObject({ top: '30px', left: 0 });
    expect(dialogPlacement('right', '15%')).toMatchObject({ top: '15%', right: 0 });
    expect(dialogPlacement('bottom', '15%')).toMatchObject({ bottom: 0, marginInline: 'auto' });
    expect(dialogPlacement('top', '15%')).toMatchObject({ top: 0, marginInline: 'auto' });
    expect(dialogPlacement([10, null, 'auto', '5%'], '15%')).toEqual({
      top: '10px',
      right: undefined,
      bottom: undefined,
      left: '5%',
    });
    // Plain-JS callers with an unknown name get the default placement.
    expect(dialogPlacement('centre' as 'middle', '15%')).toEqual(dialogPlacement('middle', '15%'));
  });

  it('spec §4: the close button asks beforeClose, which may veto by not calling done', async () => {
    let release: (() => void) | undefined;
    const beforeClose = vi.fn((done: () => void) => {
      release = done;
    });
    const onClose = vi.fn();
    await render(<Harness beforeClose={beforeClose} onClose={onClose} />);
    await act(async () => inBody('dialog.close')?.click());
    expect(beforeClose).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();

    await act(async () => release?.());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('spec §3/§4: Escape closes by default, not when closeOnPressEscape is false', async () => {
    const onClose = vi.fn();
    await render(<Harness onClose={onClose} closeOnPressEscape={false} />);
    await fire(document.activeElement ?? document, key('Escape'));
    expect(onClose).not.toHaveBeenCalled();

    await render(<Harness key="second" onClose={onClose} />);
    await fire(document.activeElement ?? document, key('Escape'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('spec §4: Escape also goes through beforeClose', async () => {
    const onClose = vi.fn();
    await render(<Harness onClose={onClose} beforeClose={() => undefined} />);
    await fire(document, key('Escape'));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).not.toBeNull();
  });

  it('spec §3: a backdrop click closes only when closeOnClickModal is set', async () => {
    const onClose = vi.fn();
    const clickMask = async () => {
      const mask = inBody('dialog.mask') as HTMLElement;
      await fire(mask, pointer('pointerdown', 5, 5));
      await act(async () => mask.click());
    };
    await render(<Harness onClose={onClose} />);
    await clickMask();
    expect(onClose).not.toHaveBeenCalled();

    await render(<Harness key="closes" onClose={onClose} closeOnClickModal />);
    await clickMask();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('spec §4: dialogs stack from z-index 1500 and Escape closes only the top one', async () => {
    expect(DIALOG_Z_INDEX_BASE).toBe(1500);
    const first = vi.fn();
    const second = vi.fn();
    await render(
      <>
        <Harness testId="first" onClose={first} />
        <Harness testId="second" onClose={second} />
      </>,
    );
    const layerZ = (id: string) => Number(dialog(id)?.parentElement?.style.zIndex);
    expect(layerZ('first')).toBe(1500);
    expect(layerZ('second')).toBe(1501);

    await fire(document, key('Escape'));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    expect(dialog('second')).toBeNull();

    await fire(document, key('Escape'));
    expect(first).toHaveBeenCalledTimes(1);
    expect(dialog('first')).toBeNull();
  });

  it('spec §4: a dialog opened later goes above one still open', async () => {
    await render(
      <>
        <Harness testId="lower" />
        <Harness testId="upper" startOpen={false} opener />
      </>,
    );
    await act(async () =>
      view.byTestId('page.open')?.dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    expect(Number(dialog('upper')?.parentElement?.style.zIndex)).toBeGreaterThan(
      Number(dialog('lower')?.parentElement?.style.zIndex),
    );
  });

  describe('dragging by the title bar (spec §3 dragged, default true)', () => {
    const rect = { left: 200, top: 100, right: 600, bottom: 400, width: 400, height: 300 };
    beforeEach(() => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
        ...rect,
        x: rect.left,
        y: rect.top,
        toJSON: () => rect,
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('follows the pointer and stays inside the window', async () => {
      await render(<DraggableDialog visible title="T" />);
      const header = inBody('dialog.header') as HTMLElement;
      await fire(header, pointer('pointerdown', 300, 110));
      await fire(window, pointer('pointermove', 350, 160));
      expect(dialog()?.style.transform).toBe('translate(50px, 50px)');

      // Far beyond the top-left corner: the dialog stops at the window's edge.
      await fire(window, pointer('pointermove', -900, -900));
      expect(dialog()?.style.transform).toBe('translate(-200px, -100px)');
      // Beyond the bottom-right corner (jsdom's window is 1024 × 768).
      await fire(window, pointer('pointermove', 5000, 5000));
      expect(dialog()?.style.transform).toBe(
        `translate(${innerWidth - rect.right}px, ${innerHeight - rect.bottom}px)`,
      );

      await fire(window, pointer('pointerup', 5000, 5000));
      await fire(window, pointer('pointermove', 300, 110));
      expect(dialog()?.style.transform).toBe(
        `translate(${innerWidth - rect.right}px, ${innerHeight - rect.bottom}px)`,
      );
    });

    it('does not move when dragged is false, or from the close button', async () => {
      await render(<DraggableDialog visible title="T" dragged={false} />);
      await fire(inBody('dialog.header') as HTMLElement, pointer('pointerdown', 300, 110));
      await fire(window, pointer('pointermove', 350, 160));
      expect(dialog()?.style.transform).toBe('');

      await render(<DraggableDialog key="drag" visible title="T" />);
      await fire(inBody('dialog.close') as HTMLElement, pointer('pointerdown', 580, 110));
      await fire(window, pointer('pointermove', 350, 160));
      expect(dialog()?.style.transform).toBe('');
    });
  });

  it('moves focus in on open, keeps Tab inside, and gives focus back on close', async () => {
    await render(
      <Harness startOpen={false} opener footer={<button type="button">OK</button>}>
        <input aria-label="name" data-testid="form.name" />
      </Harness>,
    );
    const opener = view.byTestId('page.open') as HTMLButtonElement;
    opener.focus();
    await act(async () => opener.click());
    expect(document.activeElement).toBe(inBody('form.name'));

    const ok = inBody('dialog.footer')?.querySelector('button') as HTMLButtonElement;
    ok.focus();
    await fire(ok, key('Tab'));
    expect(document.activeElement).toBe(inBody('dialog.close'));
    await fire(document.activeElement as Element, key('Tab', { shiftKey: true }));
    expect(document.activeElement).toBe(ok);

    await fire(ok, key('Escape'));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('with nothing focusable inside, focuses the dialog itself', async () => {
    await render(<DraggableDialog visible title="T" showClose={false} />);
    expect(document.activeElement).toBe(dialog());
  });
});

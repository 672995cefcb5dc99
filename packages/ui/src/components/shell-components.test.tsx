// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../test-support/render.ts';
import { BlockingDialog, MODAL_BASE_Z_INDEX } from './BlockingDialog.tsx';
import { NoticeArea } from './NoticeArea.tsx';
import { createNoticeStore } from './notice-store.ts';

const view = mountPerTest();

describe('NoticeArea', () => {
  it('shows each notice with its role, 16 px apart, and closes one on request', async () => {
    const store = createNoticeStore({ setTimeout: (() => 0) as unknown as typeof setTimeout });
    await view.render(<NoticeArea store={store} closeLabel="Close" />);
    await act(async () => {
      store.show({ type: 'error', title: '404', message: 'Not Found' });
      store.show({ type: 'warning', message: 'Zoom is 150%' });
    });
    const area = view.byTestId('notices') as HTMLElement;
    expect(area.style.gap).toBe('16px');
    const error = view.byTestId('notice.error');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.textContent).toContain('404');
    expect(view.byTestId('notice.warning')?.getAttribute('role')).toBe('status');
    await act(async () => {
      (error?.querySelector('button') as HTMLButtonElement).click();
    });
    expect(view.byTestId('notice.error')).toBeNull();
    expect(view.byTestId('notice.warning')).not.toBeNull();
  });
});

describe('BlockingDialog (spec §2 licence expired, §9 modal z-index)', () => {
  it('is a modal alert above everything with only the way back', async () => {
    await view.render(
      <BlockingDialog
        title="模块已过期"
        message="该模块已过期，请联系管理员！"
        actionLabel="返回桌面"
        actionHref="/desktop/home"
      />,
    );
    const dialog = view.byTestId('blockingDialog');
    expect(dialog?.getAttribute('role')).toBe('alertdialog');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect((dialog?.parentElement as HTMLElement).style.zIndex).toBe(String(MODAL_BASE_Z_INDEX));
    expect(MODAL_BASE_Z_INDEX).toBe(200000);
    expect(view.byTestId('blockingDialog.text')?.textContent).toBe('该模块已过期，请联系管理员！');
    expect(dialog?.querySelectorAll('button')).toHaveLength(0);
    expect(dialog?.querySelector('a')?.getAttribute('href')).toBe('/desktop/home');
  });
});

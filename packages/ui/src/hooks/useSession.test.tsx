// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { MeData } from '@campus/contracts/uaa';
import type { AuthApi } from '@campus/sdk/auth';
import { createSessionStore } from '@campus/sdk/session';
import { createPortalStorage } from '@campus/sdk/storage';
import { mountPerTest } from '../test-support/render.ts';
import { useSession } from './useSession.ts';

const mount = mountPerTest();

describe('useSession (spec §4 login state in React)', () => {
  it('renders the store state and follows the login check', async () => {
    const me = { realName: 'Wang Fang' } as MeData;
    const auth = { me: () => Promise.resolve({ status: 200, data: me }) } as unknown as AuthApi;
    const store = createSessionStore({
      auth,
      storage: createPortalStorage(
        () => undefined,
        () => undefined,
      ),
    });
    function Probe() {
      const state = useSession(store);
      return <p>{`${state.status}:${state.me?.realName ?? '-'}`}</p>;
    }
    await mount.render(<Probe />);
    expect(mount.container.textContent).toBe('unknown:-');
    await act(async () => {
      await store.checkLogin();
    });
    expect(mount.container.textContent).toBe('signedIn:Wang Fang');
  });
});

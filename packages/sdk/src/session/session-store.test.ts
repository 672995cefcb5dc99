import { describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import type { MeData } from '@campus/contracts/uaa';
import type { AuthApi } from '../auth/auth-api.ts';
import { createPortalStorage, type KeyValueArea } from '../platform/storage.ts';
import { createSessionStore } from './session-store.ts';

function memoryArea(): KeyValueArea & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const me = { userId: 'u1', realName: 'Wang Fang', userType: 2 } as MeData;

function setup(answers: {
  me?: () => Promise<Envelope<MeData>>;
  logout?: () => Promise<Envelope<unknown>>;
}) {
  const local = memoryArea();
  const session = memoryArea();
  const storage = createPortalStorage(
    () => local,
    () => session,
  );
  const meCall = vi.fn(answers.me ?? (() => Promise.resolve({ status: 200, data: me })));
  const logoutCall = vi.fn(
    answers.logout ?? (() => Promise.resolve<Envelope<unknown>>({ status: 200, data: true })),
  );
  const auth = { me: meCall, logout: logoutCall } as unknown as AuthApi;
  storage.setUser({ unitId: 'unit', unitType: 2, userType: 2, openid: null, unionid: null });
  session.setItem('licence', 'true');
  const store = createSessionStore({ auth, storage });
  return { store, storage, local, session, meCall, logoutCall };
}

describe('session store: login check (spec §4 "Login state")', () => {
  it('starts unknown and not logged in', () => {
    const { store } = setup({});
    expect(store.getState()).toEqual({ status: 'unknown', baselogined: false, me: null });
  });

  it('status 200 with data means signed in; listeners hear it', async () => {
    const { store, storage } = setup({});
    storage.setAutoLoginCount(2);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await expect(store.checkLogin()).resolves.toBe(true);
    expect(store.getState()).toEqual({ status: 'signedIn', baselogined: true, me });
    expect(listener).toHaveBeenCalled();
    expect(storage.getAutoLoginCount()).toBe(0);
    unsubscribe();
    listener.mockClear();
    store.setState({ baselogined: false });
    expect(listener).not.toHaveBeenCalled();
  });

  it.each([
    ['a 401 body', () => Promise.resolve<Envelope<MeData>>({ status: 401 })],
    ['200 without data', () => Promise.resolve<Envelope<MeData>>({ status: 200 })],
    ['a network failure', () => Promise.reject(new Error('Network Error'))],
  ])('%s resolves as not logged in and ends the local session', async (_name, answer) => {
    const { store, storage, session } = setup({ me: answer });
    await expect(store.checkLogin()).resolves.toBe(false);
    expect(store.getState()).toEqual({ status: 'signedOut', baselogined: false, me: null });
    expect(storage.getUser()).toBeNull();
    expect(session.map.size).toBe(0);
    // An expired session is not the user's choice to leave: auto-login stays possible.
    expect(storage.isLoggedOut()).toBe(false);
  });

  it('asks /me once for concurrent checks', async () => {
    const { store, meCall } = setup({});
    await Promise.all([store.checkLogin(), store.checkLogin()]);
    expect(meCall).toHaveBeenCalledTimes(1);
  });
});

describe('session store: the check after a change (a child chosen, an account switched)', () => {
  it('waits for a check begun before the change and asks /me again, answering what it says now', async () => {
    const before = { ...me, currentChild: 'A' } as MeData;
    const after = { ...me, currentChild: 'B' } as MeData;
    let release: (answer: Envelope<MeData>) => void = () => undefined;
    const answers = [
      () => new Promise<Envelope<MeData>>((resolve) => (release = resolve)),
      () => Promise.resolve<Envelope<MeData>>({ status: 200, data: after }),
    ];
    const { store, meCall } = setup({ me: () => answers[meCall.mock.calls.length - 1]!() });
    const running = store.checkLogin();
    const rechecked = store.recheckLogin();
    release({ status: 200, data: before });
    expect(await running).toBe(true);
    expect(await rechecked).toBe(true);
    expect(meCall).toHaveBeenCalledTimes(2);
    expect(store.getState().me).toEqual(after);
  });

  it('asks /me once when no check is running', async () => {
    const { store, meCall } = setup({});
    expect(await store.recheckLogin()).toBe(true);
    expect(meCall).toHaveBeenCalledTimes(1);
  });

  it('a recheck (after a change) asks for a fresh /me; a plain check may be cached', async () => {
    const { store, meCall } = setup({});
    await store.checkLogin();
    await store.recheckLogin();
    expect(meCall.mock.calls[0]).toEqual([undefined]);
    expect(meCall.mock.calls[1]).toEqual([{ headers: { 'Cache-Control': 'no-cache' } }]);
  });
});

describe('session store: logout (spec §4 "Logout")', () => {
  it('posts logout, clears stored user data and session storage, sets IS_LOGOUTED', async () => {
    const { store, storage, session, local, logoutCall } = setup({});
    await store.checkLogin();
    await expect(store.logout()).resolves.toBe(true);
    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(storage.getUser()).toBeNull();
    expect(session.map.size).toBe(0);
    expect(local.map.get('IS_LOGOUTED')).toBe('true');
    expect(store.getState().baselogined).toBe(false);
  });

  it('still ends the local session when the server cannot be reached', async () => {
    const { store, storage } = setup({ logout: () => Promise.reject(new Error('Network Error')) });
    await expect(store.logout()).resolves.toBe(false);
    expect(storage.isLoggedOut()).toBe(true);
    expect(storage.getUser()).toBeNull();
  });

  it('needs status 200 and data to count as confirmed (spec §7)', async () => {
    const { store } = setup({ logout: () => Promise.resolve({ status: 200 }) });
    await expect(store.logout()).resolves.toBe(false);
  });
});

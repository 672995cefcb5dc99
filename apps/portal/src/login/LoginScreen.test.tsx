// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import type { LoginData, MeData, UnitConfigData } from '@campus/contracts/uaa';
import type { AuthApi, LoginRequest } from '@campus/sdk/auth';
import type { HttpClient } from '@campus/sdk/http-core';
import { readSavedLogin, rememberLogin } from '@campus/sdk/saved-login';
import { createSessionStore } from '@campus/sdk/session';
import { browserStorage } from '@campus/sdk/storage';
import { goTo, replaceWith } from '../shared/navigation.ts';
import type { PortalRuntime } from '../shared/portal-runtime.ts';
import { RuntimeContext } from '../shared/useRuntime.ts';
import { LoginScreen } from './LoginScreen.tsx';
import { getToasts } from './toast-store.ts';
import type { UnitConfigState } from './useUnitConfig.ts';

vi.mock('../shared/navigation.ts', () => ({
  goTo: vi.fn(),
  replaceWith: vi.fn(),
  loginUrlFor: (url: string) => `/login?redirect_uri=${encodeURIComponent(url)}`,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const loginData: LoginData = {
  unitType: 2,
  unitId: 'demo-unit-sunshine',
  userType: 2,
  openid: null,
  unionid: null,
  accessToken: 'secret-access-token',
  userClientId: 'client-123',
  rememberToken: 'remember-456',
};

const unitReady = (autoLogin: boolean): UnitConfigState => ({
  status: 'ready',
  config: { autoLogin } as UnitConfigData,
  decoration: {},
});

let container: HTMLDivElement;
let root: Root;

function setup(answers: {
  me?: () => Promise<Envelope<MeData>>;
  login?: (request: LoginRequest) => Promise<Envelope<LoginData>>;
}) {
  const storage = browserStorage();
  const login = vi.fn(answers.login ?? (() => Promise.resolve({ status: 200, data: loginData })));
  const me = vi.fn(answers.me ?? (() => Promise.resolve<Envelope<MeData>>({ status: 401 })));
  const auth = { login, me } as unknown as AuthApi;
  const runtime: PortalRuntime = {
    storage,
    auth,
    http: {} as HttpClient,
    session: createSessionStore({ auth, storage }),
  };
  const render = async (unit: UnitConfigState = unitReady(false)) => {
    await act(async () =>
      root.render(
        <RuntimeContext value={runtime}>
          <LoginScreen unit={unit} options={{ status: 'failed' }} />
        </RuntimeContext>,
      ),
    );
  };
  return { storage, login, me, render };
}

const $ = (testId: string) => container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function type(testId: string, value: string) {
  const input = $(testId) as HTMLInputElement;
  await act(async () => {
    // React watches the value through the prototype's setter, so set it there, as a browser does.
    Reflect.set(HTMLInputElement.prototype, 'value', value, input);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    $('login.submit')?.closest('form')?.requestSubmit();
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(goTo).mockClear();
  vi.mocked(replaceWith).mockClear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('login box (spec §5 validation, §8 messages)', () => {
  it('requires both fields and shows the zh-CN messages under each', async () => {
    const { login, render } = setup({});
    await render();
    await type('login.username', '   ');
    await submit();
    expect($('login.usernameError')?.textContent).toBe('用户名不能为空！');
    expect($('login.passwordError')?.textContent).toBe('密码不能为空！');
    expect(login).not.toHaveBeenCalled();
  });

  it('sends trimmed values', async () => {
    const { login, render } = setup({});
    await render();
    await type('login.username', '  teacher ');
    await type('login.password', ' Teacher@2026 ');
    await submit();
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'teacher', password: 'Teacher@2026', rememberMe: false }),
    );
  });

  it('ignores a second submit while the first is pending', async () => {
    let resolve: (value: Envelope<LoginData>) => void = () => undefined;
    const { login, render } = setup({ login: () => new Promise((r) => (resolve = r)) });
    await render();
    await type('login.username', 'teacher');
    await type('login.password', 'Teacher@2026');
    await submit();
    await submit();
    expect(login).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ status: 400, code: 'invalid_grant', message: '错|||Wrong' }));
  });

  it('moves focus from the account to the password field on Enter', async () => {
    const { login, render } = setup({});
    await render();
    const username = $('login.username') as HTMLInputElement;
    username.focus();
    await act(async () => {
      username.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(document.activeElement).toBe($('login.password'));
    expect(login).not.toHaveBeenCalled();
  });
});

describe('login result (spec §4)', () => {
  it('200: success notice, user stored without tokens, client id kept, then the desktop', async () => {
    const { storage, render } = setup({});
    storage.setLoggedOut(true);
    await render();
    await type('login.username', 'teacher');
    await type('login.password', 'Teacher@2026');
    await act(async () => {
      ($('login.remember') as HTMLInputElement).click();
    });
    await submit();
    expect(getToasts().map((toast) => toast.kind)).toContain('success');
    expect(localStorage.getItem('user')).not.toContain('secret');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ userType: 2 });
    expect(localStorage.getItem('userClientId_portal')).toBe('client-123');
    expect(storage.isLoggedOut()).toBe(false);
    expect(readSavedLogin(storage)).toEqual({
      remember: true,
      username: 'teacher',
      rememberToken: 'remember-456',
    });
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      expect(localStorage.getItem(key)).not.toContain('Teacher@2026');
    }
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(goTo).toHaveBeenCalledWith('/desktop/home');
  });

  it('400 with a code other than invalid_grant and no field errors: the bind page', async () => {
    const { render } = setup({
      login: () => Promise.resolve({ status: 400, code: 'not_bound', data: loginData }),
    });
    await render();
    await type('login.username', 'teacher');
    await type('login.password', 'x');
    await submit();
    expect(vi.mocked(goTo).mock.calls[0]?.[0]).toMatch(/^\/bind\/\?id=demo-unit-sunshine&/);
  });

  it('anything else: the message under the password field', async () => {
    const { render } = setup({
      login: () =>
        Promise.resolve({
          status: 400,
          code: 'invalid_grant',
          message: '用户名或密码错误|||Incorrect user name or password',
        }),
    });
    await render();
    await type('login.username', 'teacher');
    await type('login.password', 'wrong');
    await submit();
    expect($('login.error')?.textContent).toBe('用户名或密码错误');
    expect(goTo).not.toHaveBeenCalled();
  });

  it('already signed in: straight to the redirect target', async () => {
    const { render } = setup({
      me: () => Promise.resolve({ status: 200, data: { userType: 3 } as MeData }),
    });
    await render();
    expect(replaceWith).toHaveBeenCalledWith('/desktop/home');
  });
});

describe('remembered sign-in (DESIGN.md §5) and auto-login (spec §4)', () => {
  it('prefills the username, ticks the box and signs in with the token', async () => {
    const { storage, login, render } = setup({});
    rememberLogin(storage, 'teacher', 'remember-old');
    storage.setLoggedOut(true);
    await render(unitReady(true));
    expect(($('login.username') as HTMLInputElement).value).toBe('teacher');
    expect(($('login.remember') as HTMLInputElement).checked).toBe(true);
    expect(login).not.toHaveBeenCalled(); // logged out: no auto-login
    await submit();
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({
        username: 'teacher',
        rememberToken: 'remember-old',
        rememberMe: true,
      }),
    );
    expect(login.mock.calls[0]?.[0]).not.toHaveProperty('password');
    expect(readSavedLogin(storage)?.rememberToken).toBe('remember-456');
  });

  it('sends the typed password instead once the user edits the field', async () => {
    const { storage, login, render } = setup({});
    rememberLogin(storage, 'teacher', 'remember-old');
    storage.setLoggedOut(true);
    await render();
    await type('login.password', 'Teacher@2026');
    await submit();
    expect(login.mock.calls[0]?.[0]).toMatchObject({ password: 'Teacher@2026' });
    expect(login.mock.calls[0]?.[0]).not.toHaveProperty('rememberToken');
  });

  it('auto-logs in when the unit allows it, counting the attempt', async () => {
    const { storage, login, render } = setup({});
    rememberLogin(storage, 'teacher', 'remember-old');
    await render(unitReady(true));
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ rememberToken: 'remember-old' }));
    expect(storage.getAutoLoginCount()).toBe(1);
  });

  it('does not auto-login when the unit disables it, and marks the user logged out', async () => {
    const { storage, login, render } = setup({});
    rememberLogin(storage, 'teacher', 'remember-old');
    await render(unitReady(false));
    expect(login).not.toHaveBeenCalled();
    expect(storage.isLoggedOut()).toBe(true);
  });
});

/**
 * What the chrome (header, messages, children and accounts, footer and About; spec §2) needs
 * from the page it sits on. The desktop and every sub-app give it the same things, each its own
 * way (the desktop switches language in place, a sub-app page starts again), so one chrome
 * serves both (spec §1 "the same … header").
 */
import { createContext, use, useSyncExternalStore } from 'react';
import type { Envelope } from '@campus/contracts/envelope';
import type { HttpClient } from '@campus/sdk/http-core';
import type { Language } from '@campus/sdk/language';
import type { ScreenClass } from '@campus/sdk/screen';
import type { SessionStore } from '@campus/sdk/session';
import type { PortalStorage } from '@campus/sdk/storage';
import { chromeTranslator, type ChromeTranslate } from './chrome-messages.ts';
import type { ChromeDialogFrame } from './ChromeDialogFrame.tsx';
import type { BuiltInVersions, VersionSource } from './footer/about-versions.ts';

export interface ChromeEnv {
  /** `desktop`: the desktop's own page; `subapp`: a sub-app page (its test ids, its app name). */
  variant: 'desktop' | 'subapp';
  lang: Language;
  /** The languages the page lists (spec §2: the switcher shows for more than one). */
  languages: readonly string[];
  screen: ScreenClass;
  session: SessionStore;
  http: HttpClient;
  storage: Pick<PortalStorage, 'setUserClientId'>;
  /** The app whose client id an account switch replaces (spec §3 `userClientId_{appCode}`). */
  appCode: string;
  /** The app's name in the page language (sub-apps show it beside the unit). */
  appName?: string | undefined;
  /** Spec §6: the app's limitUserType, for the account switcher outside the desktop. */
  limitUserType?: string | null | undefined;
  /**
   * Whose versions the About dialog shows, and what the front end carries built in (loaded with
   * the dialog, so the page's first load does not carry it).
   */
  versions: { source: VersionSource; loadBuiltIn?: (() => Promise<BuiltInVersions>) | undefined };
  switchLanguage: (next: Language) => void;
  /** After an account switch was accepted: the page for the other account. */
  afterAccountSwitch: () => void;
  /** Goes to an address inside the portal. */
  goTo: (href: string) => void;
  /** The frame of the chrome's dialogs; the light draggable dialog by default. */
  DialogFrame?: ChromeDialogFrame | undefined;
  /**
   * The admin console's address (issue 13 §1): given, the header offers it to users holding the
   * base-admin role (spec §6 admin status). The desktop gives it; a sub-app page does not.
   */
  adminConsoleHref?: string | undefined;
  /** Development only (spec §2): the switch-account button, back to the login page. */
  devSwitch?: (() => void) | undefined;
}

export const ChromeContext = createContext<ChromeEnv | null>(null);

/** The chrome's environment and its `t()`; throws outside `<ChromeContext>`. */
export function useChrome(): ChromeEnv & { t: ChromeTranslate } {
  const env = use(ChromeContext);
  if (!env) throw new Error('the chrome is used outside <ChromeContext>');
  return { ...env, t: chromeTranslator(env.lang) };
}

/** The chrome's dialogs (spec §2 Other dialogs, Theme dialog, About dialog), opened by name. */
export type ChromeDialogName =
  'messages' | 'chooseChild' | 'logout' | 'about' | 'theme' | 'moduleExpiry';

/** A short confirmation after an action ('All ignored successfully!', the child entered). */
export interface ChromeFlash {
  text: string;
  testId: string;
}

interface ChromeState {
  open: ChromeDialogName | null;
  /** What the opener passed, e.g. the message whose module-expiry table to show. */
  payload?: unknown;
  flash: ChromeFlash | null;
}

/** Spec §9: a notification stays up 2000 ms. */
const FLASH_MS = 2000;

/**
 * The page's one chrome state: which dialog is open and the last confirmation. A vanilla store,
 * so the header, the footer, the desktop's widgets and the dialog host never import each other.
 */
function createChromeStore() {
  let state: ChromeState = { open: null, flash: null };
  let flashTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: ChromeState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    open: (name: ChromeDialogName, payload?: unknown) =>
      set({ flash: state.flash, open: name, ...(payload === undefined ? {} : { payload }) }),
    close: () => set({ flash: state.flash, open: null }),
    flash: (flash: ChromeFlash) => {
      clearTimeout(flashTimer);
      set({ ...state, flash });
      flashTimer = setTimeout(() => set({ ...state, flash: null }), FLASH_MS);
    },
  };
}

/** The page's chrome dialogs. */
export const chromeDialogs = createChromeStore();

/** The chrome state; re-renders when it changes. */
export function useChromeState(): ChromeState {
  return useSyncExternalStore(
    chromeDialogs.subscribe,
    chromeDialogs.getState,
    chromeDialogs.getState,
  );
}

/**
 * The data of a status-200 answer, else undefined. Never rejects: the HTTP client has already
 * shown the spec §8 notice for a failure.
 */
export async function dataOf<T>(request: Promise<Envelope<T>>): Promise<T | undefined> {
  try {
    const answer = await request;
    return answer.status === 200 ? answer.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The `window.PH` global, the runtime's global face (DESIGN.md §2): it must exist and be an
 * object (spec §5), and app configuration set on it must be a plain object (spec §5, §8).
 * The window is passed in, so the module runs against jsdom or any stand-in.
 */
import type { LanguageTable } from '../i18n/language-loader.ts';
import { InitOptionsError } from './init-options.ts';

/** The name of the global on the window. */
export const PH_GLOBAL_KEY = 'PH';

/** The PH global. Sub-apps hang their own fields on it too, hence the index signature. */
export interface PhGlobal {
  /** The app configuration, set only through {@link setAppConfig}. */
  appConfig?: Record<string, unknown>;
  /** The merged language table (the language loader's `into`). */
  lang?: LanguageTable;
  [key: string]: unknown;
}

type PhHost = Record<typeof PH_GLOBAL_KEY, unknown>;

function isPhGlobal(value: unknown): value is PhGlobal {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isPhGlobal(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Creates `win.PH` as an empty object when it is absent and returns it; a second call returns
 * the same object. A value that is there but not an object belongs to some other script and
 * is not overwritten: that throws 'the PH global not found' (spec §8).
 *
 * @example
 * const PH = installPhGlobal(window);
 */
export function installPhGlobal(win: object): PhGlobal {
  const host = win as PhHost;
  if (host[PH_GLOBAL_KEY] === undefined) host[PH_GLOBAL_KEY] = {};
  return requirePhGlobal(win);
}

/**
 * Returns `win.PH`, or throws {@link InitOptionsError} 'the PH global not found' when it is
 * missing or not an object (spec §5, §8). Arrays and null do not count as the global.
 *
 * @example
 * const PH = requirePhGlobal(window);
 */
export function requirePhGlobal(win: object): PhGlobal {
  const value = (win as PhHost)[PH_GLOBAL_KEY];
  if (!isPhGlobal(value)) throw new InitOptionsError('ph-global-missing');
  return value;
}

/**
 * Sets the app configuration on the PH global (spec §5): only a plain object is accepted (an
 * object literal or `Object.create(null)`), else {@link InitOptionsError} 'wrong argument, pass
 * an object' (spec §8). The configuration is replaced by a shallow copy, so later changes to
 * the caller's object do not leak in.
 *
 * @example
 * setAppConfig(requirePhGlobal(window), { title: 'CMS' });
 */
export function setAppConfig(ph: PhGlobal, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw new InitOptionsError('app-config-not-object');
  const config: Record<string, unknown> = { ...value };
  ph.appConfig = config;
  return config;
}

/**
 * The sub-app init options (spec §3 "Sub-app init options"), their defaults and validation
 * (spec §5 "Init options must hold code and appCode", §8 "Options errors"), and the URL
 * parameters read at start-up (spec §4 "Sub-app start-up"). Pure: no window, no storage.
 */
import type { Language } from '../i18n/language.ts';
import { DEFAULT_LANGUAGE_LIST, type LanguageOption } from '../i18n/language-loader.ts';
import type { LanguageTable } from '../i18n/language-loader.ts';
import enInitOptions from '../i18n/locales/en/initOptions.json';
import zhInitOptions from '../i18n/locales/zh-CN/initOptions.json';
import { sdkTexts } from '../i18n/sdk-text.ts';
import { DEFAULT_PAGES_ROOT } from '../access/app-paths.ts';
import type { RouteNode } from '../access/permissions.ts';
import { CLIENT_KINDS, type ClientKind } from '../platform/platform.ts';

const texts = /* @__PURE__ */ sdkTexts(zhInitOptions, enInitOptions);

/**
 * How routes are built (spec §3 `routerType`, default async). `async` fetches the permission
 * tree and filters the route table (spec §4); `sync` uses the table as given.
 */
export type RouterType = 'async' | 'sync';

/** Every router type; `async` first because it is the default. */
export const ROUTER_TYPES: readonly RouterType[] = ['async', 'sync'];

/** The value of `pagemodel` that means content mode (spec §4). */
export const CONTENT_PAGE_MODEL = 'content';

/** The defaults of spec §3, for the options that have one. */
export const INIT_OPTION_DEFAULTS = {
  rootPath: DEFAULT_PAGES_ROOT,
  routerType: 'async',
  langList: DEFAULT_LANGUAGE_LIST,
  elmentVersion: '2.5.6',
  paltformModel: 'browser',
  initNotLogin: true,
} as const satisfies Partial<ResolvedInitOptions>;

/**
 * The options a sub-app passes to start-up (spec §3). Names are kept as the spec spells them
 * (`paltformModel`, `elmentVersion`), because existing sub-apps already pass them so.
 */
export interface InitOptions<R extends RouteNode = RouteNode> {
  /** The app code, e.g. 'cms' (required, spec §5). */
  appCode: string;
  /** The app's folder code under `rootPath` (required, spec §5). */
  code: string;
  appName?: string;
  name?: string;
  versionName?: string;
  /** The app has no back-end service of its own (no version endpoint to ask). */
  isNoServer?: boolean;
  /** 'content' starts the page in content mode, unless the URL says otherwise (spec §4). */
  pagemodel?: string;
  /** An explicit language table: used as it is, no language file is fetched. */
  i18n?: LanguageTable;
  /** The first path segment of app pages; default 'pages'. */
  rootPath?: string;
  /** The app's route table. */
  router?: readonly R[];
  /** Default 'async'. */
  routerType?: RouterType;
  /** Passed to the router factory as it is. */
  routerConf?: Readonly<Record<string, unknown>>;
  /** Called with the router once it is built. */
  routerCallback?: (router: unknown) => void;
  routerPrePath?: string;
  /** Load the theme (spec §4 "load theme and header depending on flags"). */
  theme?: boolean;
  /** Render the page header. */
  renderingHeader?: boolean;
  /** Show the top app-icon menu in the header. */
  showTopMenu?: boolean;
  mobile?: boolean;
  islogin?: boolean;
  noIntercept?: boolean;
  showLangBtn?: boolean;
  langType?: Language;
  authority?: boolean;
  /** The zoom warning; only an explicit `false` turns it off (spec §4). */
  isOpenZoomInfo?: boolean;
  /** Skip the login check, and with it header and theme (spec §4). */
  noCheckIsLogin?: boolean;
  langConf?: Readonly<Record<string, unknown>>;
  /** Default zh-CN Simplified Chinese, en English. Must be an array (spec §5). */
  langList?: readonly LanguageOption[];
  /** 'development' turns the zoom handler off (spec §4). */
  nodeEnv?: string;
  /** The UI-kit version whose locale file is loaded; default '2.5.6'. */
  elmentVersion?: string;
  /** Default 'browser'. */
  paltformModel?: ClientKind;
  /** Check login at start-up; default true. */
  initNotLogin?: boolean;
}

/** The options after {@link resolveInitOptions}: every option with a default has its value. */
export type ResolvedInitOptions<R extends RouteNode = RouteNode> = InitOptions<R> &
  Required<
    Pick<
      InitOptions<R>,
      'rootPath' | 'routerType' | 'langList' | 'elmentVersion' | 'paltformModel' | 'initNotLogin'
    >
  >;

/** Which rule of spec §5/§8 an options error broke. */
export type InitOptionsErrorCode =
  'code-empty' | 'app-code-empty' | 'ph-global-missing' | 'app-config-not-object';

/** The messages of spec §8 "Options errors", in both languages. */
export const INIT_OPTIONS_ERROR_MESSAGES: Readonly<
  Record<InitOptionsErrorCode, Readonly<Record<Language, string>>>
> = {
  'code-empty': /* @__PURE__ */ texts.both('codeEmpty'),
  'app-code-empty': /* @__PURE__ */ texts.both('appCodeEmpty'),
  'ph-global-missing': /* @__PURE__ */ texts.both('phGlobalMissing'),
  'app-config-not-object': /* @__PURE__ */ texts.both('appConfigNotObject'),
};

/**
 * An options error of spec §8. `message` is the English text (for logs and stack traces);
 * `messages` holds both languages for what the user sees.
 *
 * @example
 * try { resolveInitOptions(opts); } catch (e) {
 *   if (e instanceof InitOptionsError) notify(e.messages[lang]);
 * }
 */
export class InitOptionsError extends Error {
  override readonly name = 'InitOptionsError';
  readonly messages: Readonly<Record<Language, string>>;

  constructor(readonly code: InitOptionsErrorCode) {
    const messages = INIT_OPTIONS_ERROR_MESSAGES[code];
    super(messages.en);
    this.messages = messages;
  }
}

const nonEmpty = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Applies the defaults of spec §3 and checks spec §5: `code` and `appCode` must be non-empty
 * strings, `code` checked first (the order of spec §8). An unknown `routerType` or
 * `paltformModel` (a sub-app written in plain JS may pass anything) falls back to its default.
 * The input is not changed.
 *
 * @example
 * const options = resolveInitOptions({ appCode: 'cms', code: 'cms' });
 * options.rootPath; // 'pages'
 * resolveInitOptions({ appCode: 'cms', code: '' }); // throws InitOptionsError 'code must not be empty'
 */
export function resolveInitOptions<R extends RouteNode = RouteNode>(
  input: InitOptions<R> | null | undefined,
): ResolvedInitOptions<R> {
  const given: Partial<InitOptions<R>> = input ?? {};
  if (!nonEmpty(given.code)) throw new InitOptionsError('code-empty');
  if (!nonEmpty(given.appCode)) throw new InitOptionsError('app-code-empty');
  const d = INIT_OPTION_DEFAULTS;
  return {
    ...given,
    appCode: given.appCode,
    code: given.code,
    rootPath: nonEmpty(given.rootPath) ? given.rootPath : d.rootPath,
    routerType: ROUTER_TYPES.find((t) => t === given.routerType) ?? d.routerType,
    // A non-array list is kept: the language loader reports it (spec §5/§8) and uses the default.
    langList: given.langList ?? d.langList,
    elmentVersion: nonEmpty(given.elmentVersion) ? given.elmentVersion : d.elmentVersion,
    paltformModel: CLIENT_KINDS.find((k) => k === given.paltformModel) ?? d.paltformModel,
    initNotLogin: given.initNotLogin ?? d.initNotLogin,
  };
}

/** The URL parameters read at start-up (spec §4). */
export interface StartupParams {
  /** A recognised client kind, else null (an unknown value is ignored, as in `detectPlatform`). */
  paltformModel: ClientKind | null;
  redirectCode: string | null;
  pagemodel: string | null;
  replaceThemeColor: string | null;
  /** True when `pagemodel` is 'content' (spec §4). */
  contentMode: boolean;
}

/**
 * Reads the start-up URL parameters of spec §4 from a query string (with or without `?`).
 * Empty or blank values read as null.
 *
 * @example
 * readStartupParams('?pagemodel=content&redirectCode=cms');
 * // { paltformModel: null, redirectCode: 'cms', pagemodel: 'content', replaceThemeColor: null, contentMode: true }
 */
export function readStartupParams(search: string): StartupParams {
  const params = new URLSearchParams(search);
  const read = (name: string): string | null => {
    const value = params.get(name)?.trim();
    return value ? value : null;
  };
  const model = read('paltformModel');
  const pagemodel = read('pagemodel');
  return {
    paltformModel: CLIENT_KINDS.find((k) => k === model) ?? null,
    redirectCode: read('redirectCode'),
    pagemodel,
    replaceThemeColor: read('replaceThemeColor'),
    contentMode: pagemodel === CONTENT_PAGE_MODEL,
  };
}

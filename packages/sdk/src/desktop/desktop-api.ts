/**
 * The desktop shell's calls (spec §7), typed by the shared contracts. The HTTP rules of spec §8
 * apply through the client passed in; the answers are envelopes as the server sends them.
 */
import {
  APP_TYPE_PC,
  desktopEndpoints,
  TODO_PAGE_SIZE,
  type AppGroup,
  type AppIcon,
  type IconOrder,
  type LeftLock,
  type Message,
  type MessageConfig,
  type SetThemeBody,
  type SsoLoginUrl,
  type TodoPage,
  type UnhandleCount,
  type UnreadCodeCount,
} from '@campus/contracts/desktop';
import type { Envelope } from '@campus/contracts/envelope';
import { familyEndpoints } from '@campus/contracts/family';
import { callEndpoint } from '../http/endpoint-call.ts';
import { FRESH_READ_HEADERS } from '../http/fresh-read.ts';
import type { HttpClient } from '../http/http-core.ts';

/** How a read is asked: `fresh` right after the page changed what it reads (a message ignored). */
export interface ReadOptions {
  fresh?: boolean;
}

/** The desktop calls bound to one client. */
export interface DesktopApi {
  unhandleCount: (read?: ReadOptions) => Promise<Envelope<UnhandleCount>>;
  unreadMessages: (read?: ReadOptions) => Promise<Envelope<Message[]>>;
  /** 'Ignore all' (spec §2): data is the number marked read. */
  ignoreAllMessages: () => Promise<Envelope<number>>;
  ignoreMessage: (desktopMessageId: string) => Promise<Envelope<number>>;
  /** One page of to-do reminders, 3 a page by default (spec §9); `start` is a row offset. */
  todoPage: (start: number, size?: number) => Promise<Envelope<TodoPage>>;
  messageConfig: () => Promise<Envelope<MessageConfig>>;
  appIcons: (user: { userId: string; unitId: string }) => Promise<Envelope<AppGroup[]>>;
  unreadCodeCount: (read?: ReadOptions) => Promise<Envelope<UnreadCodeCount>>;
  /** Success data is the string 'success' (spec §7). */
  setTheme: (body: SetThemeBody) => Promise<Envelope<string>>;
  linkedCheck: (parentId: string, teacherId: string) => Promise<Envelope<boolean>>;
  ssoLoginUrl: () => Promise<Envelope<SsoLoginUrl>>;
  recentApps: () => Promise<Envelope<AppIcon[]>>;
  /** Records an opened app; answers the updated list (10 at most, spec §9). */
  recordRecentApp: (code: string) => Promise<Envelope<AppIcon[]>>;
  leftLock: () => Promise<Envelope<LeftLock>>;
  setLeftLock: (locked: boolean) => Promise<Envelope<LeftLock>>;
  /** Saves the drag order of icons (a JSON array body, spec §7 "JSON for arrays"). */
  setIconOrder: (codes: readonly string[]) => Promise<Envelope<IconOrder>>;
}

/**
 * @example
 * const desktop = createDesktopApi(http);
 * const { data } = await desktop.unhandleCount();
 */
export function createDesktopApi(http: HttpClient): DesktopApi {
  const E = desktopEndpoints;
  const fresh = { cacheBust: true } as const;
  // No browser cache ever (cacheBust), and no server cache either right after a change.
  const asRead = (read: ReadOptions = {}) =>
    read.fresh ? { ...fresh, headers: { ...FRESH_READ_HEADERS } } : fresh;
  return {
    unhandleCount: (read) => callEndpoint(http, E.unhandleCount, {}, asRead(read)),
    unreadMessages: (read) => callEndpoint(http, E.unreadMessages, {}, asRead(read)),
    ignoreAllMessages: () => callEndpoint(http, E.ignoreAllMessages),
    ignoreMessage: (desktopMessageId) =>
      callEndpoint(http, E.ignoreMessage, { body: { desktopMessageId } }),
    todoPage: (start, size = TODO_PAGE_SIZE) =>
      callEndpoint(http, E.todoPage, { query: { start, size } }, fresh),
    messageConfig: () => callEndpoint(http, E.messageConfig),
    appIcons: ({ userId, unitId }) =>
      callEndpoint(http, E.appIcons, { query: { userId, unitId, appType: APP_TYPE_PC } }),
    unreadCodeCount: (read) => callEndpoint(http, E.unreadCodeCount, {}, asRead(read)),
    setTheme: (body) => callEndpoint(http, E.setTheme, { body: { ...body } }),
    linkedCheck: (parentId, teacherId) =>
      callEndpoint(http, familyEndpoints.linkedCheck, { query: { parentId, teacherId } }),
    ssoLoginUrl: () => callEndpoint(http, E.ssoLoginUrl),
    recentApps: () => callEndpoint(http, E.recentApps, {}, fresh),
    recordRecentApp: (code) => callEndpoint(http, E.recentApp, { body: { code } }),
    leftLock: () => callEndpoint(http, E.leftLock, {}, fresh),
    setLeftLock: (locked) => callEndpoint(http, E.setLeftLock, { body: { locked } }),
    setIconOrder: (codes) => callEndpoint(http, E.iconOrder, { body: { codes: [...codes] } }),
  };
}

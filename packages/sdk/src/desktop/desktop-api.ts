/**
 * The desktop shell's calls (spec §7), typed by the shared contracts. The HTTP rules of spec §8
 * apply through the client passed in; the answers are envelopes as the server sends them.
 */
import {
  APP_TYPE_PC,
  DESKTOP_PATHS,
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
import type { HttpClient } from '../http/http-core.ts';

/** The desktop calls bound to one client. */
export interface DesktopApi {
  unhandleCount: () => Promise<Envelope<UnhandleCount>>;
  unreadMessages: () => Promise<Envelope<Message[]>>;
  /** 'Ignore all' (spec §2): data is the number marked read. */
  ignoreAllMessages: () => Promise<Envelope<number>>;
  ignoreMessage: (desktopMessageId: string) => Promise<Envelope<number>>;
  /** One page of to-do reminders, 3 a page by default (spec §9); `start` is a row offset. */
  todoPage: (start: number, size?: number) => Promise<Envelope<TodoPage>>;
  messageConfig: () => Promise<Envelope<MessageConfig>>;
  appIcons: (user: { userId: string; unitId: string }) => Promise<Envelope<AppGroup[]>>;
  unreadCodeCount: () => Promise<Envelope<UnreadCodeCount>>;
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
  const P = DESKTOP_PATHS;
  return {
    unhandleCount: () => http.get<UnhandleCount>(P.unhandleCount, undefined, { cacheBust: true }),
    unreadMessages: () => http.get<Message[]>(P.unreadMessages, undefined, { cacheBust: true }),
    ignoreAllMessages: () => http.post<number>(P.ignoreAllMessages),
    ignoreMessage: (desktopMessageId) => http.post<number>(P.ignoreMessage, { desktopMessageId }),
    todoPage: (start, size = TODO_PAGE_SIZE) =>
      http.get<TodoPage>(P.todoPage, { start, size }, { cacheBust: true }),
    messageConfig: () => http.get<MessageConfig>(P.messageConfig),
    appIcons: ({ userId, unitId }) =>
      http.get<AppGroup[]>(P.appIcons, { userId, unitId, appType: APP_TYPE_PC }),
    unreadCodeCount: () =>
      http.get<UnreadCodeCount>(P.unreadCodeCount, undefined, { cacheBust: true }),
    setTheme: (body) => http.post<string>(P.setTheme, { ...body }),
    linkedCheck: (parentId, teacherId) => http.get<boolean>(P.linkedCheck, { parentId, teacherId }),
    ssoLoginUrl: () => http.get<SsoLoginUrl>(P.ssoLoginUrl),
    recentApps: () => http.get<AppIcon[]>(P.recentApps, undefined, { cacheBust: true }),
    recordRecentApp: (code) => http.post<AppIcon[]>(P.recentApp, { code }),
    leftLock: () => http.get<LeftLock>(P.leftLock, undefined, { cacheBust: true }),
    setLeftLock: (locked) => http.post<LeftLock>(P.leftLock, { locked }),
    setIconOrder: (codes) =>
      http.post<IconOrder>(P.iconOrder, { codes: [...codes] }, { json: true }),
  };
}

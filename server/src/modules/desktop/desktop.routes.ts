/**
 * The desktop shell's endpoints (issue 4): spec §7's header, message, to-do, app-icon, theme and
 * single-sign-on calls, plus the per-user state of our design (recent apps, left lock, icon
 * order; docs/decisions.md). Each route: schema (contracts/desktop.ts) → session → service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AppGroupSchema,
  AppIconQuerySchema,
  AppIconSchema,
  DESKTOP_PATHS,
  IGNORE_MESSAGE_TRIMMED_FIELDS,
  IconOrderBodySchema,
  IconOrderSchema,
  IgnoreMessageBodySchema,
  LeftLockSchema,
  MessageConfigSchema,
  MessageSchema,
  RECENT_APP_TRIMMED_FIELDS,
  RecentAppBodySchema,
  SET_THEME_TRIMMED_FIELDS,
  SetThemeBodySchema,
  SsoLoginUrlSchema,
  TodoPageQuerySchema,
  TodoPageSchema,
  UnhandleCountSchema,
  UnreadCodeCountSchema,
} from '@campus/contracts/desktop';
import { EnvelopeSchema } from '@campus/contracts/envelope';
import { currentUser } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { trimBodyFields } from '../../core/trim-body.ts';
import type { AppMenuService } from './app-menu.service.ts';
import type { DesktopService } from './desktop.service.ts';

const tags = ['desktop'];

export function desktopRoutes(deps: {
  desktop: DesktopService;
  appMenu: AppMenuService;
}): FastifyPluginAsyncTypebox {
  const { desktop, appMenu } = deps;
  return async (app) => {
    // Spec §2 Header bell, §7.
    app.get(
      DESKTOP_PATHS.unhandleCount,
      {
        schema: {
          tags,
          summary: "The caller's open to-dos and unread messages (spec §2 header, §7)",
          response: { 200: EnvelopeSchema(UnhandleCountSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.unhandleCount(currentUser(request))),
    );

    app.get(
      DESKTOP_PATHS.unreadMessages,
      {
        schema: {
          tags,
          summary: "The caller's unread messages, newest first (spec §3 Message, §7)",
          response: { 200: EnvelopeSchema(Type.Array(MessageSchema)) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.unreadMessages(currentUser(request))),
    );

    app.post(
      DESKTOP_PATHS.ignoreAllMessages,
      {
        schema: {
          tags,
          summary: "'Ignore all': marks the caller's unread messages read; data is how many",
          response: { 200: EnvelopeSchema(Type.Integer({ minimum: 0 })) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.ignoreAllMessages(currentUser(request))),
    );

    app.post(
      DESKTOP_PATHS.ignoreMessage,
      {
        schema: {
          tags,
          summary: "'Ignore one': marks one of the caller's messages read; data is 1, or 0 if read",
          body: IgnoreMessageBodySchema,
          response: { 200: EnvelopeSchema(Type.Integer({ minimum: 0 })) },
        },
        preValidation: trimBodyFields(IGNORE_MESSAGE_TRIMMED_FIELDS),
        preHandler: app.requireSession,
      },
      async (request) =>
        ok(await desktop.ignoreMessage(currentUser(request), request.body.desktopMessageId)),
    );

    // Spec §2 to-do reminder popup, §9 3 per page.
    app.get(
      DESKTOP_PATHS.todoPage,
      {
        schema: {
          tags,
          summary: "A page of the caller's open to-dos (start = row offset, size 3; spec §7, §9)",
          querystring: TodoPageQuerySchema,
          response: { 200: EnvelopeSchema(TodoPageSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.todoPage(currentUser(request), request.query)),
    );

    app.get(
      DESKTOP_PATHS.messageConfig,
      {
        schema: {
          tags,
          summary: "The unit's message configuration: pcOpen 1 shows a dot (spec §2, §7)",
          response: { 200: EnvelopeSchema(MessageConfigSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.messageConfig(currentUser(request))),
    );

    // Spec §2 Top app-icon menu, §3 App icon / App group, §6.
    app.get(
      DESKTOP_PATHS.appIcons,
      {
        schema: {
          tags,
          summary: "The caller's app groups and icons (spec §3, §6, §7); own userId and unitId",
          querystring: AppIconQuerySchema,
          response: { 200: EnvelopeSchema(Type.Array(AppGroupSchema)) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await appMenu.appGroups(currentUser(request), request.query)),
    );

    app.get(
      DESKTOP_PATHS.unreadCodeCount,
      {
        schema: {
          tags,
          summary: "App code → the caller's unread messages from that app (spec §7)",
          response: { 200: EnvelopeSchema(UnreadCodeCountSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.unreadCodeCount(currentUser(request))),
    );

    // Spec §2 Theme dialog, §4 Layout, §6 theme sync for admins.
    app.post(
      DESKTOP_PATHS.setTheme,
      {
        schema: {
          tags,
          summary:
            "Save the caller's theme (color) or every unit user's (default_color, base admins)",
          body: SetThemeBodySchema,
          response: { 200: EnvelopeSchema(Type.String()) },
        },
        preValidation: trimBodyFields(SET_THEME_TRIMMED_FIELDS),
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.setTheme(currentUser(request), request.body, request.ip)),
    );

    // Per-user state of the shell (our design; docs/decisions.md).
    app.get(
      DESKTOP_PATHS.recentApps,
      {
        schema: {
          tags,
          summary: "The caller's recently used apps, most recent first (spec §9: 10)",
          response: { 200: EnvelopeSchema(Type.Array(AppIconSchema)) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await appMenu.recentApps(currentUser(request))),
    );

    app.post(
      DESKTOP_PATHS.recentApp,
      {
        schema: {
          tags,
          summary: 'The caller opened an app: it moves to the front of the recent apps',
          body: RecentAppBodySchema,
          response: { 200: EnvelopeSchema(Type.Array(AppIconSchema)) },
        },
        preValidation: trimBodyFields(RECENT_APP_TRIMMED_FIELDS),
        preHandler: app.requireSession,
      },
      async (request) => ok(await appMenu.openApp(currentUser(request), request.body.code)),
    );

    app.get(
      DESKTOP_PATHS.leftLock,
      {
        schema: {
          tags,
          summary: "The caller's left-layout lock (spec §2 Left layout)",
          response: { 200: EnvelopeSchema(LeftLockSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok({ locked: await desktop.leftLocked(currentUser(request)) }),
    );

    app.post(
      DESKTOP_PATHS.leftLock,
      {
        schema: {
          tags,
          summary: "Set the caller's left-layout lock (spec §2 Left layout)",
          body: LeftLockSchema,
          response: { 200: EnvelopeSchema(LeftLockSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) =>
        ok({ locked: await desktop.setLeftLocked(currentUser(request), request.body.locked) }),
    );

    app.post(
      DESKTOP_PATHS.iconOrder,
      {
        schema: {
          tags,
          summary: "Save the caller's icon drag order (JSON; teachers and type 4, spec §6)",
          body: IconOrderBodySchema,
          response: { 200: EnvelopeSchema(IconOrderSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await appMenu.saveIconOrder(currentUser(request), request.body.codes)),
    );

    // Spec §7 single sign-on.
    app.get(
      DESKTOP_PATHS.ssoLoginUrl,
      {
        schema: {
          tags: ['sso'],
          summary: "The caller's unit's single-sign-on login URL (http(s)), or null (spec §7)",
          response: { 200: EnvelopeSchema(SsoLoginUrlSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await desktop.ssoLoginUrl(currentUser(request))),
    );
  };
}

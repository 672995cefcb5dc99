/**
 * The desktop shell's endpoints (issue 4): spec §7's header, message, to-do, app-icon, theme and
 * single-sign-on calls, plus the per-user state of our design (recent apps, left lock, icon
 * order; docs/decisions.md). Each route: contract (contracts/desktop.ts) → session → service.
 */
import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { clientDownloadEndpoints as D } from '@campus/contracts/client-downloads';
import { desktopEndpoints as E } from '@campus/contracts/desktop';
import { asksFresh } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import type { AppMenuService } from './app-menu.service.ts';
import type { ClientDownloadsService } from './client-downloads.service.ts';
import type { DesktopService } from './desktop.service.ts';
import type { UnitSettingsService } from './unit-settings.service.ts';

export function desktopRoutes(deps: {
  desktop: DesktopService;
  appMenu: AppMenuService;
  unitSettings: UnitSettingsService;
  clientDownloads: ClientDownloadsService;
}): FastifyPluginAsync {
  const { desktop, appMenu, unitSettings, clientDownloads } = deps;
  return async (app) => {
    // After the caller's own change (a message ignored) the SDK asks these three fresh.
    route(app, E.unhandleCount, async ({ user, request }) =>
      ok(await desktop.unhandleCount(user, { fresh: asksFresh(request) })),
    );
    route(app, E.unreadMessages, async ({ user, request }) =>
      ok(await desktop.unreadMessages(user, { fresh: asksFresh(request) })),
    );
    route(app, E.ignoreAllMessages, async ({ user }) => ok(await desktop.ignoreAllMessages(user)));
    route(app, E.ignoreMessage, async ({ user, body }) =>
      ok(await desktop.ignoreMessage(user, body.desktopMessageId)),
    );
    route(app, E.todoPage, async ({ user, query }) => ok(await desktop.todoPage(user, query)));
    route(app, E.messageConfig, async ({ user }) => ok(await unitSettings.messageConfig(user)));
    route(app, E.appIcons, async ({ user, query }) => ok(await appMenu.appGroups(user, query)));
    route(app, E.unreadCodeCount, async ({ user, request }) =>
      ok(await desktop.unreadCodeCount(user, { fresh: asksFresh(request) })),
    );
    route(app, E.setTheme, async ({ user, body, request }) =>
      ok(await desktop.setTheme(user, body, request.ip)),
    );
    route(app, E.recentApps, async ({ user }) => ok(await appMenu.recentApps(user)));
    route(app, E.recentApp, async ({ user, body }) => ok(await appMenu.openApp(user, body.code)));
    route(app, E.leftLock, async ({ user }) => ok({ locked: await desktop.leftLocked(user) }));
    route(app, E.setLeftLock, async ({ user, body }) =>
      ok({ locked: await desktop.setLeftLocked(user, body.locked) }),
    );
    route(app, E.iconOrder, async ({ user, body }) =>
      ok(await appMenu.saveIconOrder(user, body.codes)),
    );
    route(app, E.ssoLoginUrl, async ({ user }) => ok(await unitSettings.ssoLoginUrl(user)));
    route(app, D.clientDownloads, async ({ user }) =>
      ok(await clientDownloads.available(user.unitId)),
    );
    route(app, D.clientDownload, async ({ params, reply }) => {
      const file = await clientDownloads.file(params.file);
      // Not there: the not-found answer of any other address (an HTML page for a browser).
      if (!file) {
        reply.callNotFound();
        return reply;
      }
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .send(fs.createReadStream(file.path));
    });
  };
}

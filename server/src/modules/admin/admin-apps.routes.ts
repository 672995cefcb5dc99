/**
 * The console's API for apps and what hangs off them (issue 13 §2): /api/admin/apps/…,
 * /api/admin/roles/…, /api/admin/licences/…, /api/admin/themes/…,
 * /api/admin/oauth-clients/…, /api/admin/versions/…. One `route()` per contract; every
 * service method asks `AdminAccess` first. @fastify/multipart is registered in this plugin's
 * scope for the deploy upload only.
 */
import type { FastifyPluginAsync } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { AdminDeployFieldsSchema, adminAppEndpoints as E } from '@campus/contracts/admin-apps';
import { ok } from '../../core/envelope.ts';
import { route } from '../../core/route.ts';
import { parseFields, readMultipartUpload } from '../storage/multipart-upload.ts';
import type { AdminAppsService } from './admin-apps.service.ts';
import type { AdminIntegrationsService } from './admin-integrations.service.ts';
import type { AdminPermissionsService } from './admin-permissions.service.ts';
import { zipTooLarge, type DeployLimits } from './subapp-deploy.ts';

/** Room for the deploy form's fields and part headers beside its zip. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export function adminAppRoutes(deps: {
  apps: AdminAppsService;
  permissions: AdminPermissionsService;
  integrations: AdminIntegrationsService;
  deployLimits: DeployLimits;
}): FastifyPluginAsync {
  const { apps, permissions, integrations, deployLimits } = deps;
  return async (app) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });

    // Apps
    route(app, E.apps, async ({ user, query }) => ok(await apps.catalogue(user, query.unitId)));
    route(app, E.createApp, async ({ user, body, request }) =>
      ok(await apps.createApp({ user, ip: request.ip }, body)),
    );
    route(app, E.updateApp, async ({ user, body, request }) =>
      ok(await apps.updateApp({ user, ip: request.ip }, body)),
    );
    route(app, E.appStatus, async ({ user, body, request }) =>
      ok(await apps.setStatus({ user, ip: request.ip }, body)),
    );
    route(app, E.arrangeApps, async ({ user, body, request }) =>
      ok(await apps.arrange({ user, ip: request.ip }, body)),
    );
    route(app, E.saveGroup, async ({ user, body, request }) =>
      ok(await apps.saveGroup({ user, ip: request.ip }, body)),
    );
    route(app, E.deleteGroup, async ({ user, body, request }) =>
      ok(await apps.deleteGroup({ user, ip: request.ip }, body)),
    );
    route(app, E.appIcon, async ({ user, body, request }) =>
      ok(await apps.setIcon({ user, ip: request.ip }, body)),
    );
    route(app, E.deploy, async ({ user, request }) =>
      ok(
        await readMultipartUpload(
          request,
          {
            fileBytes: deployLimits.zipBytes,
            requestBytes: deployLimits.zipBytes + FORM_OVERHEAD_BYTES,
            overRequestBytes: () => zipTooLarge(deployLimits.zipBytes),
          },
          async (raw, file) =>
            apps.deploy(
              { user, ip: request.ip },
              parseFields(AdminDeployFieldsSchema, raw),
              file.stream,
            ),
        ),
      ),
    );

    // Menus, permission codes and roles
    route(app, E.resources, async ({ user, query }) =>
      ok(await permissions.resources(user, query.unitId, query.code)),
    );
    route(app, E.saveResource, async ({ user, body, request }) =>
      ok(await permissions.saveResource({ user, ip: request.ip }, body)),
    );
    route(app, E.deleteResource, async ({ user, body, request }) =>
      ok(await permissions.deleteResource({ user, ip: request.ip }, body)),
    );
    route(app, E.roles, async ({ user, query }) => ok(await permissions.roles(user, query.unitId)));
    route(app, E.grantRole, async ({ user, body, request }) =>
      ok(await permissions.grantRole({ user, ip: request.ip }, body)),
    );
    route(app, E.revokeRole, async ({ user, body, request }) =>
      ok(await permissions.revokeRole({ user, ip: request.ip }, body)),
    );

    // Licences and themes
    route(app, E.licences, async ({ user, query }) =>
      ok(await permissions.licences(user, query.unitId)),
    );
    route(app, E.setLicence, async ({ user, body, request }) =>
      ok(await permissions.setLicence({ user, ip: request.ip }, body)),
    );
    route(app, E.themes, async ({ user, query }) =>
      ok(await permissions.themes(user, query.unitId)),
    );
    route(app, E.setThemes, async ({ user, body, request }) =>
      ok(await permissions.setThemes({ user, ip: request.ip }, body)),
    );
    route(app, E.pushTheme, async ({ user, body, request }) =>
      ok(await permissions.pushTheme({ user, ip: request.ip }, body)),
    );

    // OAuth clients and version records
    route(app, E.oauthClients, async ({ user, query }) =>
      ok(await integrations.clients(user, query.unitId)),
    );
    route(app, E.createOAuthClient, async ({ user, body, request }) =>
      ok(await integrations.createClient({ user, ip: request.ip }, body)),
    );
    route(app, E.updateOAuthClient, async ({ user, body, request }) =>
      ok(await integrations.updateClient({ user, ip: request.ip }, body)),
    );
    route(app, E.rotateOAuthSecret, async ({ user, body, request }) =>
      ok(await integrations.rotateSecret({ user, ip: request.ip }, body)),
    );
    route(app, E.deleteOAuthClient, async ({ user, body, request }) =>
      ok(await integrations.deleteClient({ user, ip: request.ip }, body)),
    );
    route(app, E.versions, async ({ user, query }) =>
      ok(await integrations.versions(user, query.unitId, query.code)),
    );
    route(app, E.setServerVersion, async ({ user, body, request }) =>
      ok(await integrations.setServerVersion({ user, ip: request.ip }, body)),
    );
    route(app, E.saveRelease, async ({ user, body, request }) =>
      ok(await integrations.saveRelease({ user, ip: request.ip }, body)),
    );
    route(app, E.deleteRelease, async ({ user, body, request }) =>
      ok(await integrations.deleteRelease({ user, ip: request.ip }, body)),
    );
  };
}

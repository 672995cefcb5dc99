/** Base-platform endpoints of spec §7 that every sub-application calls at start-up. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PermissionNodeSchema, PermissionTreeQuerySchema } from '@campus/contracts/access';
import {
  BASE_ADMIN_ROLE_ROUTE,
  AccessDetailBodySchema,
  ModuleSchema,
  LicenceQuerySchema,
  RoleCheckParamsSchema,
  ThemeColorDataSchema,
} from '@campus/contracts/base';
import { EnvelopeSchema } from '@campus/contracts/envelope';
import { currentUser } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import type { BaseService } from './base.service.ts';

const tags = ['base'];

export function baseRoutes(deps: { base: BaseService }): FastifyPluginAsyncTypebox {
  const { base } = deps;
  return async (app) => {
    app.get(
      '/api/base/my_desktop/color',
      {
        schema: {
          tags,
          summary: "The user's theme colour and layout (spec §3, §4)",
          response: { 200: EnvelopeSchema(ThemeColorDataSchema) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(base.themeColor(currentUser(request))),
    );

    for (const path of ['/api/base/license/unit', '/api/base/license/unit_oam']) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: "The unit's licence for an app: true fine, false expired (spec §4)",
            querystring: LicenceQuerySchema,
            response: { 200: EnvelopeSchema(Type.Boolean()) },
          },
          preHandler: app.requireSession,
        },
        async (request) =>
          ok(
            await base.licenceValid(
              currentUser(request),
              request.query.unitId,
              request.query.serverId,
            ),
          ),
      );
    }

    app.get(
      BASE_ADMIN_ROLE_ROUTE,
      {
        schema: {
          tags,
          summary: 'Whether the user holds the base-app admin role (spec §6)',
          params: RoleCheckParamsSchema,
          response: { 200: EnvelopeSchema(Type.Boolean()) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await base.isBaseAdmin(currentUser(request), request.params.userId)),
    );

    app.post(
      '/api/base/user_access_detail',
      {
        schema: {
          tags,
          summary: 'Access log: the user opened an app (spec §7)',
          body: AccessDetailBodySchema,
          response: { 200: EnvelopeSchema(Type.Boolean()) },
        },
        preHandler: app.requireSession,
      },
      async (request) => {
        await base.recordAccess(currentUser(request), request.body, request.ip);
        return ok(true);
      },
    );

    app.get(
      '/api/base/resource/user/code/tree',
      {
        schema: {
          tags,
          summary: "The user's permission tree for an app (spec §6; user types 2 and 4)",
          querystring: PermissionTreeQuerySchema,
          response: { 200: EnvelopeSchema(Type.Array(PermissionNodeSchema)) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await base.permissionTree(currentUser(request), request.query.code)),
    );

    app.get(
      '/api/base/resource/inside/module',
      {
        schema: {
          tags,
          summary: "The unit's licensed modules and their end times (spec §4)",
          response: { 200: EnvelopeSchema(Type.Array(ModuleSchema)) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await base.modules(currentUser(request))),
    );
  };
}

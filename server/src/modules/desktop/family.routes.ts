/**
 * The family calls of the desktop header (issue 4; spec §3 Child, §6, §7): the linked-account
 * check, a parent's children (two paths, one answer) and the choice of the current child.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DESKTOP_PATHS,
  LinkedCheckQuerySchema,
  ParentQuerySchema,
  SET_CURRENT_CHILD_TRIMMED_FIELDS,
  SetCurrentChildBodySchema,
} from '@campus/contracts/desktop';
import { EnvelopeSchema } from '@campus/contracts/envelope';
import { ChildSchema } from '@campus/contracts/uaa';
import { currentUser } from '../../core/auth.ts';
import { ok } from '../../core/envelope.ts';
import { trimBodyFields } from '../../core/trim-body.ts';
import type { FamilyService } from './family.service.ts';

const tags = ['desktop'];

export function familyRoutes(deps: { family: FamilyService }): FastifyPluginAsyncTypebox {
  const { family } = deps;
  return async (app) => {
    app.get(
      DESKTOP_PATHS.linkedCheck,
      {
        schema: {
          tags,
          summary: 'Whether a teacher and a parent account are linked; the caller is one (spec §6)',
          querystring: LinkedCheckQuerySchema,
          response: { 200: EnvelopeSchema(Type.Boolean()) },
        },
        preHandler: app.requireSession,
      },
      async (request) => ok(await family.linked(currentUser(request), request.query)),
    );

    // Spec §7 lists both paths; they answer alike (docs/decisions.md).
    for (const path of [DESKTOP_PATHS.childrenByParent, DESKTOP_PATHS.childrenOfParent]) {
      app.get(
        path,
        {
          schema: {
            tags,
            summary: "The caller's own children (parents only; spec §3 Child, §6)",
            querystring: ParentQuerySchema,
            response: { 200: EnvelopeSchema(Type.Array(ChildSchema)) },
          },
          preHandler: app.requireSession,
        },
        async (request) => ok(await family.children(currentUser(request), request.query.parentId)),
      );
    }

    app.post(
      DESKTOP_PATHS.setCurrentChild,
      {
        schema: {
          tags,
          summary: "Choose the parent's current child (own children only; spec §6, §7)",
          querystring: ParentQuerySchema,
          body: SetCurrentChildBodySchema,
          response: { 200: EnvelopeSchema(ChildSchema) },
        },
        preValidation: trimBodyFields(SET_CURRENT_CHILD_TRIMMED_FIELDS),
        preHandler: app.requireSession,
      },
      async (request) =>
        ok(
          await family.setCurrentChild(
            currentUser(request),
            request.query.parentId,
            request.body.id,
          ),
        ),
    );
  };
}

/**
 * Registers a route from its contract (`@campus/contracts/endpoint`): the method, path, schemas,
 * OpenAPI summary and tag, the body trimming and the session guard all come from the one
 * definition, and the handler is typed by it. A route module is then a list of
 * `route(app, endpoint, handler)` lines: schema → session → service → envelope.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import {
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
} from '@campus/contracts/endpoint';
import { EnvelopeSchema, type Envelope } from '@campus/contracts/envelope';
import type { SessionUser } from '../modules/uaa/session.service.ts';
import { currentUser } from './auth.ts';
import { trimBodyFields } from './trim-body.ts';

/** What a handler receives: the validated input, and the caller when a session is required. */
export interface RouteInput<E extends EndpointDefinition> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The signed-in caller; present on `access: 'session'` endpoints. */
  user: E['access'] extends 'session' ? SessionUser : SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler answers: the envelope of the endpoint's `data`, or (for an endpoint without a
 * `data` schema: images, files, pre-serialised answers) the reply it has sent itself.
 */
export type RouteAnswer<E extends EndpointDefinition> = E['data'] extends undefined
  ? FastifyReply
  : Envelope<EndpointData<E>> | FastifyReply;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (absent on pages and other non-API routes). */
    endpoint?: EndpointDefinition;
  }
}

/** The Fastify schema of an endpoint: validation, serialisation and OpenAPI at once. */
export function routeSchema(endpoint: EndpointDefinition): FastifySchema {
  const schema: FastifySchema = { tags: [endpoint.tag], summary: endpoint.summary };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  // A multipart body is streamed by its handler, which checks the fields itself (endpoint.ts).
  if (endpoint.body && !endpoint.multipart) schema.body = endpoint.body;
  if (endpoint.data) schema.response = { 200: EnvelopeSchema(endpoint.data) };
  return schema;
}

/**
 * @example
 * route(app, desktopEndpoints.unhandleCount, async ({ user }) =>
 *   ok(await desktop.unhandleCount(user)));
 */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  // A handler may answer at once (the cached /me) or with a promise.
  handler: (input: RouteInput<E>) => RouteAnswer<E> | Promise<RouteAnswer<E>>,
  options: { preHandler?: preHandlerAsyncHookHandler[] } = {},
): void {
  const preHandler: (preHandlerHookHandler | preHandlerAsyncHookHandler)[] = [
    ...(endpoint.access === 'session' ? [app.requireSession] : []),
    ...(options.preHandler ?? []),
  ];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    config: { endpoint },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    ...(endpoint.trimmed ? { preValidation: trimBodyFields(endpoint.trimmed) } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
    // Not an async function: a handler's promise is passed on as it is, and an answer already
    // sent (a reply returned at once) ends the request without one (issue 15 §1). Fastify
    // catches what this throws (currentUser without a session) like a rejection.
    handler: (request, reply) => {
      const answer = handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        user: (endpoint.access === 'session'
          ? currentUser(request)
          : request.sessionUser) as RouteInput<E>['user'],
        request,
        reply,
      });
      return answer === reply ? undefined : answer;
    },
  });
}

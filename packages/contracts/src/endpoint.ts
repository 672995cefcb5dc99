/**
 * One definition per endpoint: method, path, the request's parameters, query and body schemas and
 * the envelope's `data` schema. The server registers its route from the definition
 * (`server/src/core/route.ts`) and the SDK derives its typed call from it
 * (`packages/sdk/src/http/endpoint-call.ts`), so a path, a payload or an answer is written once.
 *
 * ts-rest does the same with Zod contracts; our schemas are TypeBox, which Fastify validates and
 * documents (OpenAPI) natively, so this small helper keeps Fastify's own pipeline instead of an
 * adapter's (docs/decisions.md).
 */
import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the caller must be: signed in (`session`) or anyone (`public`). */
export type EndpointAccess = 'session' | 'public';

export interface EndpointDefinition {
  method: HttpMethod;
  /** The path as the server routes it, `:name` for a path parameter (spec §7's paths). */
  path: string;
  /** One line for the OpenAPI document: what the call is for, and the spec section. */
  summary: string;
  /** The domain it belongs to (the OpenAPI tag). */
  tag: string;
  access: EndpointAccess;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /**
   * The schema of the envelope's `data` (DESIGN.md §4). Absent for the few endpoints that answer
   * something other than the envelope on success: images, files, pre-serialised answers.
   */
  data?: TSchema;
  /** POST bodies as JSON (spec §7 "JSON for arrays and JSON mode"); form-encoded otherwise. */
  json?: boolean;
  /** Body fields trimmed (and dropped when empty) before validation: what a person typed. */
  trimmed?: readonly string[];
  /**
   * A GET that changes state (token refresh, account switch): held to the CSRF rule of a POST
   * (DESIGN.md §4).
   */
  changesState?: boolean;
  /** A form post that changes nothing and needs no CSRF header (DESIGN.md §4: table export). */
  csrfExempt?: boolean;
  /**
   * A `multipart/form-data` upload (spec §7 simple and chunk upload): the file part is streamed
   * by the handler, never buffered, so `body` describes the text fields and the handler checks
   * them itself once it has read them (they arrive before the file part).
   */
  multipart?: boolean;
  /** The largest request body in bytes, where it differs from the server's default (1 MiB). */
  bodyLimit?: number;
}

/**
 * Declares one endpoint; the literal types are kept so callers and handlers are typed by it.
 *
 * @example
 * export const ssoLoginUrl = defineEndpoint({
 *   method: 'GET', path: '/api/sso/select/login/url', tag: 'sso', access: 'session',
 *   summary: "The unit's single-sign-on URL (spec §7)", data: SsoLoginUrlSchema,
 * });
 */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return Object.freeze(definition);
}

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

/** The path parameters, query, body and `data` of an endpoint, as TypeScript types. */
export type EndpointParams<E extends EndpointDefinition> = StaticOf<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = StaticOf<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = StaticOf<E['body']>;
export type EndpointData<E extends EndpointDefinition> = StaticOf<E['data']>;

/**
 * The address of an endpoint with its path parameters filled in (each one URL-encoded).
 *
 * @example
 * endpointPath(unitLogo, { unitId: 'demo unit' }) // '/api/storage/show/unit/demo%20unit'
 */
export function endpointPath<E extends EndpointDefinition>(
  endpoint: E,
  params?: EndpointParams<E>,
): string {
  // Path parameters are strings or numbers (their schemas say so).
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) {
      throw new Error(`${endpoint.path}: the path parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

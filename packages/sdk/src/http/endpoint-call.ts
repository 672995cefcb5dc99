/**
 * The typed call of an endpoint contract (`@campus/contracts/endpoint`): the method, path and
 * body encoding come from the definition, the input and the answer's `data` are typed by its
 * schemas. Every SDK call goes through here, so no API path is written outside the contracts.
 */
import type {
  EndpointBody,
  EndpointData,
  EndpointDefinition,
  EndpointParams,
  EndpointQuery,
} from '@campus/contracts/endpoint';
import { endpointPath } from '@campus/contracts/endpoint';
import type { Envelope } from '@campus/contracts/envelope';
import type { HttpClient, Payload, RequestOptions } from './http-core.ts';

// Absent where the endpoint has none; optional where every field of it is optional.
type Field<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: never }
  : object extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** The input of one call: `params`, `query` and `body` exactly where the endpoint has them. */
export type CallInput<E extends EndpointDefinition> = Field<'params', EndpointParams<E>> &
  Field<'query', EndpointQuery<E>> &
  Field<'body', EndpointBody<E>>;

/** True when an endpoint takes no input at all, so the input argument may be left out. */
type NoInput<E extends EndpointDefinition> = [
  EndpointParams<E> | EndpointQuery<E> | EndpointBody<E>,
] extends [undefined]
  ? true
  : false;

/** The arguments of `callEndpoint` after the client and the endpoint. */
export type CallArgs<E extends EndpointDefinition> =
  NoInput<E> extends true
    ? [input?: CallInput<E>, options?: RequestOptions]
    : [input: CallInput<E>, options?: RequestOptions];

/**
 * Calls one endpoint through the client (spec §7 conventions, §8 failure rules).
 *
 * @example
 * const answer = await callEndpoint(http, desktopEndpoints.todoPage, { query: { start: 0, size: 3 } });
 * if (answer.status === 200) show(answer.data);
 */
export function callEndpoint<E extends EndpointDefinition>(
  http: HttpClient,
  endpoint: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<Envelope<EndpointData<E>>> {
  const given = (input ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
  const path = endpointPath(endpoint, given.params as EndpointParams<E>);
  const query = given.query as Payload | undefined;
  const body = given.body as Payload | unknown[] | undefined;
  const request: RequestOptions = endpoint.json ? { json: true, ...options } : options;
  switch (endpoint.method) {
    case 'GET':
      return http.get(path, query, request);
    case 'DELETE':
      return http.delete(path, query, request);
    case 'POST':
      return http.post(withQuery(path, query), body, request);
    case 'PUT':
      return http.put(withQuery(path, query), body, request);
  }
}

/** A POST or PUT whose contract has a query (spec §7 `set/parentChildren?parentId=`). */
function withQuery(path: string, query: Payload | undefined): string {
  if (!query) return path;
  const search = new URLSearchParams();
  // A query beside a body holds scalars only (ids), as spec §7's `?parentId=` does.
  for (const [name, value] of Object.entries(query as Record<string, string | number | boolean>)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * The registered OpenID Connect clients (DESIGN.md §8), as the admin CLI (`register-client`)
 * and the console (issue 13 §2) change them: one rule for a client id, a name and the exact
 * redirect URIs, one way to make a secret. The provider reads a registration again within
 * `CLIENT_CACHE_MS` (oidc-adapter.ts), so a change reaches sign-ins within 10 s.
 *
 * The secret is stored as given, since the provider compares it (docs/decisions.md); it is
 * answered once, when made, and never listed.
 */
import { randomBytes } from 'node:crypto';
import type { FieldError } from '@campus/contracts/envelope';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { OidcClientRecord, OidcRepository } from './oidc.repository.ts';

/** Letters, digits, `_`, `.` and `-`, starting with a letter or digit: safe in any URL. */
const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,63}$/;
export const MAX_REDIRECT_URIS = 10;

export interface ClientRegistration {
  clientId: string;
  name: string;
  redirectUris: readonly string[];
  /** Null: a public client (PKCE only). */
  clientSecret: string | null;
}

export interface ListedClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  confidential: boolean;
  createdAt: number;
}

/**
 * Why a redirect URI cannot be registered (RFC 6749 §3.1.2: absolute, no fragment; DESIGN.md
 * §8: matched exactly), or null when it can.
 *
 * @example redirectUriProblem('https://app.example/callback') // null
 * @example redirectUriProblem('javascript:alert(1)') // 'notHttp'
 */
export function redirectUriProblem(uri: string): 'notHttp' | 'fragment' | 'credentials' | null {
  if (!/^https?:\/\/[^/]/i.test(uri) || !URL.canParse(uri)) return 'notHttp';
  const url = new URL(uri);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'notHttp';
  if (uri.includes('#')) return 'fragment';
  if (url.username || url.password) return 'credentials';
  return null;
}

const URI_MESSAGES = {
  notHttp: (uri: string) =>
    bilingual(
      `回调地址须为以 http:// 或 https:// 开头的完整网址：${uri}`,
      `A redirect URI must be a full http:// or https:// address: ${uri}`,
    ),
  fragment: (uri: string) =>
    bilingual(
      `回调地址不能包含 # 片段：${uri}`,
      `A redirect URI must not have a #fragment: ${uri}`,
    ),
  credentials: (uri: string) =>
    bilingual(
      `回调地址不能包含用户名或密码：${uri}`,
      `A redirect URI must not contain a user name or password: ${uri}`,
    ),
};

/** The field errors of a registration's id, name and redirect URIs (empty when it is fine). */
export function clientProblems(input: {
  clientId?: string;
  name: string;
  redirectUris: readonly string[];
}): FieldError[] {
  const errors: FieldError[] = [];
  if (input.clientId !== undefined && !CLIENT_ID.test(input.clientId)) {
    errors.push({
      field: 'clientId',
      message: bilingual(
        '客户端标识须为 2 到 64 个字母、数字或 _ . -，以字母或数字开头',
        'The client id must be 2 to 64 letters, digits or _ . -, starting with a letter or digit',
      ),
    });
  }
  if (input.name.trim() === '' || [...input.name].length > 100) {
    errors.push({
      field: 'name',
      message: bilingual('名称须为 1 到 100 个字符', 'The name must be 1 to 100 characters'),
    });
  }
  if (input.redirectUris.length === 0 || input.redirectUris.length > MAX_REDIRECT_URIS) {
    errors.push({
      field: 'redirectUris',
      message: bilingual(
        `回调地址须为 1 到 ${MAX_REDIRECT_URIS} 个`,
        `Give 1 to ${MAX_REDIRECT_URIS} redirect URIs`,
      ),
    });
  }
  for (const uri of input.redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) errors.push({ field: 'redirectUris', message: URI_MESSAGES[problem](uri) });
  }
  if (new Set(input.redirectUris).size !== input.redirectUris.length) {
    errors.push({
      field: 'redirectUris',
      message: bilingual('回调地址不能重复', 'The redirect URIs must not repeat'),
    });
  }
  return errors;
}

/** A new client secret: 256 random bits, URL-safe. */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

const noSuchClient = (clientId: string) =>
  notFound(bilingual(`客户端 ${clientId} 不存在`, `No client "${clientId}"`));

export class OidcClientsService {
  constructor(
    private readonly repository: Pick<
      OidcRepository,
      'findClient' | 'saveClient' | 'listClients' | 'deleteClient'
    >,
    private readonly clock: () => number,
  ) {}

  async list(): Promise<ListedClient[]> {
    return (await this.repository.listClients()).map(toListed);
  }

  async find(clientId: string): Promise<ListedClient | undefined> {
    const found = (await this.repository.listClients()).find((c) => c.clientId === clientId);
    return found ? toListed(found) : undefined;
  }

  /**
   * Registers a client (400 on a bad id, name or redirect URI). With `replace`, an existing
   * registration is overwritten (the CLI's "register or update"); without, an existing id is
   * refused (the console's create).
   */
  async register(input: ClientRegistration, options: { replace: boolean }): Promise<void> {
    const redirectUris = input.redirectUris.map((u) => u.trim()).filter((u) => u !== '');
    const errors = clientProblems({ clientId: input.clientId, name: input.name, redirectUris });
    if (!options.replace && (await this.repository.findClient(input.clientId))) {
      errors.push({
        field: 'clientId',
        message: bilingual(
          `客户端标识 ${input.clientId} 已被使用`,
          `The client id "${input.clientId}" is taken`,
        ),
      });
    }
    if (errors.length > 0) throw badRequest(errors);
    await this.repository.saveClient(
      {
        clientId: input.clientId,
        name: input.name.trim(),
        redirectUris,
        clientSecret: input.clientSecret,
      },
      this.clock(),
    );
  }

  /** A client's name and redirect URIs; its secret stays. Answers the client as it was. */
  async update(
    clientId: string,
    input: { name: string; redirectUris: readonly string[] },
  ): Promise<OidcClientRecord> {
    const current = await this.repository.findClient(clientId);
    if (!current) throw noSuchClient(clientId);
    const redirectUris = input.redirectUris.map((u) => u.trim()).filter((u) => u !== '');
    const errors = clientProblems({ name: input.name, redirectUris });
    if (errors.length > 0) throw badRequest(errors);
    await this.repository.saveClient(
      { ...current, name: input.name.trim(), redirectUris },
      this.clock(),
    );
    return current;
  }

  /** A new secret (the client becomes confidential); answers it, the only time it is seen. */
  async rotateSecret(clientId: string): Promise<string> {
    const current = await this.repository.findClient(clientId);
    if (!current) throw noSuchClient(clientId);
    const secret = newClientSecret();
    await this.repository.saveClient({ ...current, clientSecret: secret }, this.clock());
    return secret;
  }

  async delete(clientId: string): Promise<void> {
    if (!(await this.repository.deleteClient(clientId))) throw noSuchClient(clientId);
  }
}

function toListed(client: OidcClientRecord & { createdAt: number }): ListedClient {
  return {
    clientId: client.clientId,
    name: client.name,
    redirectUris: client.redirectUris,
    confidential: client.clientSecret !== null,
    createdAt: client.createdAt,
  };
}

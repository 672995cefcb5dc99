/**
 * A sample relying party of the portal (issue 12 §1): "Sign in with Campus Portal" for a school
 * system, in a few lines of a standard client library. openid-client discovers the portal
 * (`/.well-known/openid-configuration`), sends the user to the authorize page with PKCE (S256),
 * state and nonce, redeems the code at the token endpoint, and reads the user's name from
 * userinfo. Sessions are kept in memory: it is a demonstration, not a product.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import * as client from 'openid-client';

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** @param {string} title @param {string} body */
function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2a3d}
a.button{display:inline-block;padding:.6rem 1.2rem;border-radius:8px;background:#457cd6;color:#fff;text-decoration:none}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * Starts the relying party.
 *
 * @param {{ issuer: string, clientId: string, clientSecret?: string, host?: string, port?: number, title?: string }} options
 * @returns {Promise<{ url: string, redirectUri: string, close: () => Promise<void> }>}
 * @example
 * const rp = await startRelyingParty({ issuer: 'http://127.0.0.1:8080', clientId: 'demo-client', port: 8090 });
 */
export async function startRelyingParty(options) {
  const host = options.host ?? '127.0.0.1';
  const title = options.title ?? 'Canteen (sample relying party)';
  /** @type {Map<string, { verifier?: string, state?: string, nonce?: string, name?: string, login?: string }>} */
  const sessions = new Map();
  /** @type {client.Configuration | undefined} */
  let config;
  let redirectUri = '';

  const discover = async () => {
    config ??= await client.discovery(
      new URL(options.issuer),
      options.clientId,
      {
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: options.clientSecret ? 'client_secret_basic' : 'none',
      },
      options.clientSecret ? client.ClientSecretBasic(options.clientSecret) : client.None(),
      // A portal on plain http (a developer's machine, the tests) is allowed here.
      options.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {},
    );
    return config;
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const sessionOf = (req, res) => {
    const id = /(?:^|;\s*)rp_sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (id && sessions.has(id))
      return /** @type {NonNullable<ReturnType<typeof sessions.get>>} */ (sessions.get(id));
    const fresh = randomBytes(16).toString('base64url');
    res.setHeader('set-cookie', `rp_sid=${fresh}; Path=/; HttpOnly; SameSite=Lax`);
    const session = {};
    sessions.set(fresh, session);
    return session;
  };

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  const handle = async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    const session = sessionOf(req, res);
    const send = (/** @type {number} */ status, /** @type {string} */ html) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    };
    if (url.pathname === '/') {
      if (session.name) {
        send(
          200,
          page(
            title,
            `<p data-testid="rp.signedIn">Signed in as <strong data-testid="rp.name">${escapeHtml(session.name)}</strong> (<span data-testid="rp.login">${escapeHtml(session.login ?? '')}</span>).</p><p><a href="/logout">Sign out</a></p>`,
          ),
        );
      } else {
        send(
          200,
          page(
            title,
            '<p><a class="button" href="/login" data-testid="rp.signIn">Sign in with Campus Portal</a></p>',
          ),
        );
      }
      return;
    }
    if (url.pathname === '/login') {
      const configuration = await discover();
      session.verifier = client.randomPKCECodeVerifier();
      session.state = client.randomState();
      session.nonce = client.randomNonce();
      const target = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid profile',
        code_challenge: await client.calculatePKCECodeChallenge(session.verifier),
        code_challenge_method: 'S256',
        state: session.state,
        nonce: session.nonce,
      });
      res.writeHead(302, { location: target.href });
      res.end();
      return;
    }
    if (url.pathname === '/callback') {
      const configuration = await discover();
      const error = url.searchParams.get('error');
      if (error) {
        send(
          200,
          page(
            title,
            `<p data-testid="rp.error">Sign-in was not completed: <code>${escapeHtml(error)}</code></p><p><a href="/">Back</a></p>`,
          ),
        );
        return;
      }
      const tokens = await client.authorizationCodeGrant(configuration, url, {
        pkceCodeVerifier: session.verifier,
        expectedState: session.state,
        expectedNonce: session.nonce,
      });
      const sub = tokens.claims()?.sub ?? '';
      const info = await client.fetchUserInfo(configuration, tokens.access_token, sub);
      session.name = typeof info.name === 'string' ? info.name : sub;
      session.login = typeof info.preferred_username === 'string' ? info.preferred_username : '';
      delete session.verifier;
      res.writeHead(302, { location: '/' });
      res.end();
      return;
    }
    if (url.pathname === '/logout') {
      delete session.name;
      res.writeHead(302, { location: '/' });
      res.end();
      return;
    }
    send(404, page(title, '<p>Not found</p>'));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((/** @type {unknown} */ error) => {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, host, () => resolve(undefined)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const origin = `http://${host}:${address.port}`;
  redirectUri = `${origin}/callback`;
  return {
    url: origin,
    redirectUri,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

#!/usr/bin/env node
/**
 * `npm run example:oidc`: the sample relying party on http://127.0.0.1:8090, signing in through
 * the portal at PORTAL_URL (default http://127.0.0.1:8080, `npm start`). The demo seed
 * registers it as `demo-client` with the redirect URI http://127.0.0.1:8090/callback.
 *
 * Env: PORTAL_URL, CLIENT_ID (default demo-client), CLIENT_SECRET (a confidential client),
 * PORT (default 8090).
 */
import { startRelyingParty } from './relying-party.mjs';

const rp = await startRelyingParty({
  issuer: process.env.PORTAL_URL ?? 'http://127.0.0.1:8080',
  clientId: process.env.CLIENT_ID ?? 'demo-client',
  ...(process.env.CLIENT_SECRET ? { clientSecret: process.env.CLIENT_SECRET } : {}),
  port: Number(process.env.PORT ?? 8090),
});
console.log(`Sample relying party on ${rp.url} (redirect URI ${rp.redirectUri})`);

/** Types of relying-party.mjs for the TypeScript callers (the e2e spec, the benchmark). */
export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  host?: string;
  port?: number;
  title?: string;
}

export interface RelyingParty {
  /** The app's origin, e.g. http://127.0.0.1:8090. */
  url: string;
  /** `${url}/callback`, the redirect URI to register. */
  redirectUri: string;
  close(): Promise<void>;
}

export function startRelyingParty(options: RelyingPartyOptions): Promise<RelyingParty>;

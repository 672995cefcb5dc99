/**
 * A local CAS-style ticket issuer for the ticket sign-in tests (issue 12 §3): it speaks the
 * CAS 2.0 protocol's `/serviceValidate?ticket=…&service=…` with its XML answer. Unlike a real
 * CAS server it keeps a ticket valid after validating it, so the tests show that the portal
 * itself refuses a replay, and it counts the validations it answers.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCas {
  /** The issuer's URL prefix, as a unit is configured with (`…/cas`). */
  url: string;
  /** A ticket for `user`, valid for `service`. */
  issue(user: string, service: string): string;
  validations: number;
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startFakeCas(): Promise<FakeCas> {
  const tickets = new Map<string, { user: string; service: string }>();
  const state = { validations: 0 };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-cas');
    if (url.pathname !== '/cas/serviceValidate') {
      response.writeHead(404).end();
      return;
    }
    state.validations++;
    const ticket = url.searchParams.get('ticket') ?? '';
    const service = url.searchParams.get('service') ?? '';
    const known = tickets.get(ticket);
    const body =
      known && known.service === service
        ? `<cas:authenticationSuccess><cas:user>${escapeXml(known.user)}</cas:user><cas:attributes><cas:user>someone-else</cas:user></cas:attributes></cas:authenticationSuccess>`
        : `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${escapeXml(ticket)} not recognized</cas:authenticationFailure>`;
    response
      .writeHead(200, { 'content-type': 'application/xml; charset=utf-8' })
      .end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n${body}\n</cas:serviceResponse>\n`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cas`,
    issue(user, service) {
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      tickets.set(ticket, { user, service });
      return ticket;
    },
    get validations() {
      return state.validations;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Ticket validation with a CAS-style issuer (issue 12 §3, DESIGN.md §8): the CAS 2.0
 * `/serviceValidate?ticket=…&service=…` call and its XML answer, read with htmlparser2's
 * parser in XML mode (a real parser: no regular expressions over markup, entities decoded).
 *
 * Success: `<cas:serviceResponse><cas:authenticationSuccess><cas:user>NAME</cas:user>…`.
 * Failure: `<cas:authenticationFailure code="INVALID_TICKET">…`.
 */
import { Parser } from 'htmlparser2';

export type CasAnswer = { ok: true; user: string } | { ok: false; code: string };

/** The element's name without its namespace prefix (`cas:user` → `user`). */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon === -1 ? name : name.slice(colon + 1)).toLowerCase();
}

/**
 * Reads a CAS 2.0 service response. Anything else (HTML, an empty body, a success without a
 * user) is a failure, so a misconfigured issuer never signs anyone in.
 *
 * @example
 * parseCasServiceResponse('<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>teacher</cas:user></cas:authenticationSuccess></cas:serviceResponse>')
 * // { ok: true, user: 'teacher' }
 */
export function parseCasServiceResponse(xml: string): CasAnswer {
  const stack: string[] = [];
  let user = '';
  let success = false;
  let failureCode: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        const parent = stack.at(-1);
        const atTop = stack.length === 1 && stack[0] === 'serviceresponse';
        if (atTop && local === 'authenticationsuccess') success = true;
        if (atTop && local === 'authenticationfailure') failureCode = attributes.code ?? 'UNKNOWN';
        // Only the user directly inside the success counts, not one in its attributes.
        if (local === 'user' && parent !== 'authenticationsuccess') stack.push('ignored-user');
        else stack.push(local);
      },
      ontext(text) {
        if (stack.length === 3 && stack[1] === 'authenticationsuccess' && stack[2] === 'user') {
          user += text;
        }
      },
      onclosetag() {
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  const name = user.trim();
  if (failureCode !== null) return { ok: false, code: failureCode };
  if (success && name !== '') return { ok: true, user: name };
  return { ok: false, code: 'INVALID_RESPONSE' };
}

/** The most of an issuer's answer read (a CAS answer is a few hundred bytes). */
const MAX_ANSWER_BYTES = 64 * 1024;
const VALIDATE_TIMEOUT_MS = 5000;

/** Asks the issuer about a ticket; `fetchImpl` is the global fetch outside tests. */
export async function validateCasTicket(
  issuer: string,
  ticket: string,
  service: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CasAnswer> {
  const url = new URL(`${issuer.replace(/\/+$/, '')}/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let response: Response;
  try {
    response = await fetchImpl(url, {
      signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
      // The issuer is trusted as configured; a redirect elsewhere is not.
      redirect: 'error',
      headers: { accept: 'application/xml, text/xml' },
    });
  } catch {
    return { ok: false, code: 'ISSUER_UNREACHABLE' };
  }
  if (!response.ok) return { ok: false, code: `ISSUER_HTTP_${response.status}` };
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_ANSWER_BYTES) return { ok: false, code: 'INVALID_RESPONSE' };
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) return { ok: false, code: 'INVALID_RESPONSE' };
  return parseCasServiceResponse(text);
}

import { describe, expect, it } from 'vitest';
import { parseCasServiceResponse } from './cas-response.ts';

const wrap = (inner: string) =>
  `<?xml version="1.0"?>\n<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${inner}</cas:serviceResponse>`;

describe('parseCasServiceResponse (CAS 2.0 /serviceValidate)', () => {
  it('reads the user of a success, entities decoded, attributes ignored', () => {
    const xml = wrap(
      '<cas:authenticationSuccess>\n  <cas:user> li&amp;ming </cas:user>\n  <cas:attributes><cas:user>other</cas:user><cas:email>x@y.z</cas:email></cas:attributes>\n</cas:authenticationSuccess>',
    );
    expect(parseCasServiceResponse(xml)).toEqual({ ok: true, user: 'li&ming' });
  });

  it('answers the failure code', () => {
    const xml = wrap(
      '<cas:authenticationFailure code="INVALID_TICKET">Ticket ST-1 not recognized</cas:authenticationFailure>',
    );
    expect(parseCasServiceResponse(xml)).toEqual({ ok: false, code: 'INVALID_TICKET' });
  });

  it('refuses what is not a service response, and a success without a user', () => {
    expect(parseCasServiceResponse('<html><body>cas:user teacher</body></html>').ok).toBe(false);
    expect(parseCasServiceResponse('').ok).toBe(false);
    expect(parseCasServiceResponse(wrap('<cas:authenticationSuccess/>')).ok).toBe(false);
    expect(parseCasServiceResponse('<cas:user>teacher</cas:user>')).toEqual({
      ok: false,
      code: 'INVALID_RESPONSE',
    });
  });
});

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError, unauthorized } from './errors.ts';
import { answerClientError, isEnvelopeAddress, toEnvelope, wantsPage } from './error-handler.ts';

describe('one error handler maps every failure to the envelope (DESIGN.md §4)', () => {
  it('answers business outcomes with HTTP 200 and the status in the body', () => {
    expect(toEnvelope(unauthorized())).toEqual({
      httpStatus: 200,
      body: {
        status: 401,
        code: 'unauthorized',
        message: '登录已失效，请重新登录|||Session expired, please sign in again',
      },
    });
  });

  it('uses transport statuses only for transport failures', () => {
    const media = Object.assign(new Error('x'), {
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
      statusCode: 415,
    });
    expect(toEnvelope(media).httpStatus).toBe(415);
    const large = Object.assign(new Error('x'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(toEnvelope(large).httpStatus).toBe(413);
  });

  it('hides the details of an unexpected error', () => {
    const reply = toEnvelope(new Error('SELECT * FROM secrets failed'));
    expect(reply.httpStatus).toBe(500);
    expect(reply.body.message).toBe('服务器内部错误！|||Server internal error!');
    expect(JSON.stringify(reply.body)).not.toContain('secrets');
  });

  it('carries field errors of a domain validation error', () => {
    const error = new AppError(400, 'validation_failed', '错|||Wrong' as never, {
      fieldErrors: [{ field: 'a', message: 'x' }],
    });
    expect(toEnvelope(error).body.fieldErrors).toEqual([{ field: 'a', message: 'x' }]);
  });
});

describe('which answers are the envelope and which a page', () => {
  it('keeps /api and /zuul for the envelope', () => {
    expect(isEnvelopeAddress('/api/uaa/oauth/me')).toBe(true);
    expect(isEnvelopeAddress('/zuul/api/storage/upload')).toBe(true);
    expect(isEnvelopeAddress('/api')).toBe(true);
    expect(isEnvelopeAddress('/apiary')).toBe(false);
    expect(isEnvelopeAddress('/pages/cms/pc_cms_tm/index.html')).toBe(false);
  });

  it('gives a page to a browser GET outside the API: HTML asked for, or no file but a page named', () => {
    const request = (method: string, url: string, accept?: string) =>
      ({ method, url, headers: accept ? { accept } : {} }) as never;
    expect(wantsPage(request('GET', '/pages/edu/pc_edu_tm/index.html'))).toBe(true);
    expect(wantsPage(request('GET', '/somewhere'))).toBe(true);
    expect(wantsPage(request('GET', '/x.json', 'text/html,*/*'))).toBe(true);
    expect(wantsPage(request('GET', '/x.json', '*/*'))).toBe(false);
    expect(wantsPage(request('POST', '/somewhere', 'text/html'))).toBe(false);
    expect(wantsPage(request('GET', '/api/x', 'text/html'))).toBe(false);
  });
});

describe("the answer to a request Node's parser could not read", () => {
  /** What answerClientError writes for a parser error on `packet`, failing at `at`. */
  function answerTo(packet: string, at: number, code = 'HPE_INVALID_URL'): string {
    const error = Object.assign(new Error('parse error'), {
      code,
      rawPacket: Buffer.from(packet, 'latin1'),
      bytesParsed: at,
    });
    let written = '';
    const socket = new PassThrough();
    // answerClientError destroys the socket with the parser's error, as Node's handler does.
    socket.on('error', () => {});
    socket.write = ((chunk: string) => ((written += chunk), true)) as typeof socket.write;
    answerClientError(error, socket);
    return written;
  }

  it('carries the envelope for a request line that starts the packet, not for HEAD', () => {
    expect(answerTo('PUT /api/a/\xe9 HTTP/1.1\r\n', 11)).toMatch(/\r\n\r\n\{"status":400/);
    expect(answerTo('HEAD /api/a/\xe9 HTTP/1.1\r\n', 12)).toMatch(/Content-Length: 0\r\n\r\n$/);
  });

  it("carries it too when the packet begins with the end of the previous request's body", () => {
    // Kept alive: the last bytes of a form body, then the next request, failing in its path.
    const packet = 'unitType=1&x=5e+83PUT /api/admin/units/\xe9\xff HTTP/1.1\r\n';
    expect(answerTo(packet, packet.indexOf('\xe9'))).toMatch(/\r\n\r\n\{"status":400/);
    const head = 'e+83HEAD /api/admin/units/\xe9 HTTP/1.1\r\n';
    expect(answerTo(head, head.indexOf('\xe9'))).toMatch(/Content-Length: 0\r\n\r\n$/);
  });

  it('has no body for bytes past an earlier request that are no request at all', () => {
    expect(answerTo('garbage after a body', 0, 'HPE_INVALID_METHOD')).toMatch(
      /Content-Length: 0\r\n\r\n$/,
    );
  });
});

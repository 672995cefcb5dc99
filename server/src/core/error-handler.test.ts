import { describe, expect, it } from 'vitest';
import { AppError, unauthorized } from './errors.ts';
import { isEnvelopeAddress, toEnvelope, wantsPage } from './error-handler.ts';

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

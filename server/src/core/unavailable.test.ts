import { describe, expect, it } from 'vitest';
import { toEnvelope } from './error-handler.ts';
import { isUnavailable, UNAVAILABLE_CODE } from './unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a store that is down answers 503 in the envelope, not 500 (issue 15 §3)', () => {
  it('recognises what pg, PostgreSQL, ioredis and sockets throw when a store is down', () => {
    const down = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('the database system is shutting down', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Connection is closed.'),
      new AggregateError([withCode('x', 'ECONNREFUSED')], ''),
      new Error('query failed', { cause: withCode('reset', 'ECONNRESET') }),
    ];
    for (const error of down) expect(isUnavailable(error), error.message).toBe(true);
  });

  it('leaves every other error alone', () => {
    const others = [
      new Error('SELECT failed'),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('relation "x" does not exist', '42P01'),
      'ECONNREFUSED',
      undefined,
    ];
    for (const error of others) expect(isUnavailable(error)).toBe(false);
  });

  it('answers HTTP 503 with the envelope and a bilingual message, without internals', () => {
    const reply = toEnvelope(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect(reply).toEqual({
      httpStatus: 503,
      body: {
        status: 503,
        code: UNAVAILABLE_CODE,
        message:
          '服务暂时不可用，请稍后重试|||The service is temporarily unavailable; please try again in a moment',
      },
    });
  });
});

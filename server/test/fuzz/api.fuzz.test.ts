/**
 * The fuzz stage (issue 10 §4 "bad input never reaches the database, and every answer is in the
 * envelope"): malformed requests generated from the portal's own OpenAPI document against a real
 * server on a fresh database (SQLite, or PostgreSQL with API_DB=postgres), signed out and signed
 * in by cookie as a teacher and as a parent, plus stray paths and raw HTTP no client would send.
 * Every answer: no 5xx, and under /api and /zuul the envelope (envelope-check.ts).
 *
 * Seeded (fast-check): the seed is printed; `FUZZ_SEED=<seed>` replays the same requests.
 * `FUZZ_RUNS` sets the requests per operation and caller (default 16).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '@campus/contracts/uaa';
import { DEMO, signIn, startTestServer, type TestServer } from '../api/helpers/test-server.ts';
import { answerProblems } from './envelope-check.ts';
import { fetchOperations, type Operation } from './openapi-operations.ts';
import { requestFor, strayRequest, type FuzzRequest } from './request-arbitrary.ts';
import { closeAgent, send, sendRaw, type Answer } from './send.ts';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const STRAY_RUNS = 60;
/** Calls that may end or replace the caller's session; after one, the session is checked. */
const SESSION_CHANGING =
  /\/api\/uaa\/(oauth\/(logout|relogin|refresh|login|login_user_client)|switch\/login)/;

let server: TestServer;
let operations: Operation[];
/** Real ids (users, units, children), so some requests reach the services and the database. */
let known: string[] = [];
let sent = 0;
const started = Date.now();

/** Answers by HTTP status and, for the envelope, by body status: how deep the requests got. */
type Tally = Map<string, number>;
function count(tally: Tally, key: string): void {
  tally.set(key, (tally.get(key) ?? 0) + 1);
}
function tallyText(tally: Tally): string {
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k}×${n}`)
    .join(' ');
}

interface Failure {
  request: FuzzRequest;
  answer?: Answer;
  problems: string[];
}

function describeFailure(f: Failure): string {
  const body = f.request.body ? f.request.body.toString('utf8').slice(0, 200) : '';
  return [
    `  ${f.request.method} ${f.request.path.slice(0, 300)}  (${f.request.operation})`,
    `    headers ${JSON.stringify(f.request.headers).slice(0, 300)}`,
    ...(body ? [`    body ${JSON.stringify(body)}`] : []),
    `    → ${f.answer ? `HTTP ${f.answer.status} ${f.answer.body.toString('utf8').slice(0, 300)}` : 'no answer'}`,
    `    ${f.problems.join('; ')}`,
  ].join('\n');
}

function report(who: string, failures: Failure[]): string {
  const seen = new Set<string>();
  const distinct = failures.filter((f) => {
    const key = `${f.request.operation} ${f.problems.join()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [
    `${failures.length} bad answers (${who}), seed ${SEED} (replay: FUZZ_SEED=${SEED}):`,
    ...distinct.slice(0, 15).map(describeFailure),
  ].join('\n');
}

async function accessCookie(account: { username: string; password: string }): Promise<string> {
  const client = server.client();
  await signIn(client, account);
  const token = client.cookie(ACCESS_COOKIE);
  if (!token) throw new Error(`no ${ACCESS_COOKIE} cookie after signing in as ${account.username}`);
  return `${ACCESS_COOKIE}=${token}`;
}

async function stillSignedIn(cookie: string): Promise<boolean> {
  const answer = await send(server.baseUrl, {
    method: 'GET',
    path: '/api/uaa/oauth/me',
    headers: { cookie, device: 'pc:desktop' },
    operation: 'session check',
  });
  return (JSON.parse(answer.body.toString('utf8')) as { status: number }).status === 200;
}

/** Sends one request as the caller and records what is wrong with its answer. */
async function exchange(
  request: FuzzRequest,
  cookie: string | undefined,
  fileAnswer: boolean,
  failures: Failure[],
  tally: Tally,
) {
  const headers = { ...request.headers };
  if (cookie) headers.cookie = headers.cookie ? `${cookie}; ${headers.cookie}` : cookie;
  const outgoing = { ...request, headers };
  sent += 1;
  let answer: Answer;
  try {
    answer = await send(server.baseUrl, outgoing);
  } catch (error) {
    // Node refuses to send some header values; anything else (a reset, a timeout) is a failure.
    if ((error as NodeJS.ErrnoException).code === 'ERR_INVALID_CHAR') return;
    failures.push({ request: outgoing, problems: [`no answer: ${(error as Error).message}`] });
    return;
  }
  count(tally, `HTTP ${answer.status}`);
  if (answer.contentType.includes('json')) {
    try {
      count(
        tally,
        `body ${(JSON.parse(answer.body.toString('utf8')) as { status?: number }).status}`,
      );
    } catch {
      // answerProblems reports it
    }
  }
  const problems = answerProblems(outgoing, answer, { fileAnswer });
  if (problems.length > 0) failures.push({ request: outgoing, answer, problems });
}

async function fuzzAs(
  who: string,
  account: { username: string; password: string } | undefined,
  salt: number,
) {
  let cookie = account ? await accessCookie(account) : undefined;
  const failures: Failure[] = [];
  const tally: Tally = new Map();
  const before = sent;
  const t0 = Date.now();
  for (const [index, op] of operations.entries()) {
    const requests = fc.sample(requestFor(op, known), {
      seed: (SEED + salt * 7919 + index * 104_729) | 0,
      numRuns: RUNS,
    });
    for (const request of requests) {
      await exchange(request, cookie, !op.jsonAnswer, failures, tally);
      if (account && cookie && SESSION_CHANGING.test(op.path) && !(await stillSignedIn(cookie))) {
        cookie = await accessCookie(account);
      }
    }
  }
  for (const request of fc.sample(strayRequest, { seed: (SEED + salt) | 0, numRuns: STRAY_RUNS })) {
    await exchange(request, cookie, false, failures, tally);
  }
  console.log(
    `[fuzz] ${server.kind} ${who}: ${sent - before} requests in ${((Date.now() - t0) / 1000).toFixed(1)} s, ${failures.length} bad answers\n[fuzz]   ${tallyText(tally)}`,
  );
  return failures;
}

beforeAll(async () => {
  console.log(
    `[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${RUNS} requests per operation and caller`,
  );
  // Junk sign-ins must not lock the demo accounts or the test's own address.
  server = await startTestServer({
    loginLimits: { accountFailures: 1_000_000, ipFailures: 1_000_000 },
  });
  operations = await fetchOperations(server.baseUrl);
  const teacher = server.client();
  const parent = server.client();
  const t = await signIn(teacher, DEMO.teacher);
  await signIn(parent, DEMO.parent);
  const me = await parent.get<{ userId: string; unitId: string }>('/api/uaa/oauth/me');
  const children = await parent.get<{ id: string }[]>(
    `/api/base/student/find_all_student_by_parent_id?parentId=${me.body.data?.userId ?? ''}`,
  );
  const teacherMe = await teacher.get<{ userId: string }>('/api/uaa/oauth/me');
  known = [
    me.body.data?.userId,
    me.body.data?.unitId,
    teacherMe.body.data?.userId,
    t.body.data?.userClientId,
    ...(children.body.data ?? []).map((c) => c.id),
    'cms',
    'base',
    'desktop',
  ].filter((v): v is string => typeof v === 'string' && v !== '');
}, 120_000);

afterAll(async () => {
  closeAgent();
  await server?.close();
  console.log(
    `[fuzz] ${server?.kind}: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

describe(`fuzz from the OpenAPI document (${process.env.API_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('covers every route and method of the document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(new Set(operations.map((o) => o.method))).toEqual(
      new Set(['GET', 'POST', 'PUT', 'DELETE']),
    );
  });

  it('signed out: no 5xx, the envelope on every /api answer', async () => {
    const failures = await fuzzAs('signed out', undefined, 1);
    expect(failures, report('signed out', failures)).toEqual([]);
  });

  it('signed in as a teacher (cookie): no 5xx, the envelope on every /api answer', async () => {
    const failures = await fuzzAs('teacher', DEMO.teacher, 2);
    expect(failures, report('teacher', failures)).toEqual([]);
  });

  it('signed in as a parent (cookie): no 5xx, the envelope on every /api answer', async () => {
    const failures = await fuzzAs('parent', DEMO.parent, 3);
    expect(failures, report('parent', failures)).toEqual([]);
  });

  it('raw HTTP no client would send: an answer below 500, the envelope when it has a body', async () => {
    const host = 'Host: 127.0.0.1\r\n';
    const raws = [
      `GET /api/uaa/oauth/me HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      `GET /api/uaa/oauth/me HTTP/1.1\r\n${host}X-Bad: a\u0000b\r\n\r\n`,
      `GET /api/\u0000 HTTP/1.1\r\n${host}\r\n`,
      `GET /api/uaa oauth HTTP/1.1\r\n${host}\r\n`,
      `BREW /api/uaa/oauth/me HTTP/1.1\r\n${host}\r\n`,
      `GET /api/uaa/oauth/me HTTP/9.9\r\n${host}\r\n`,
      `POST /api/uaa/oauth/login HTTP/1.1\r\n${host}Content-Length: -1\r\n\r\n`,
      `POST /api/uaa/oauth/login HTTP/1.1\r\n${host}Content-Length: abc\r\n\r\n`,
      `POST /api/uaa/oauth/login HTTP/1.1\r\n${host}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
      `POST /api/uaa/oauth/login HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
      `POST /api/uaa/oauth/login HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"username":`,
      `GET /api/storage/show/unit/%E0%A4%A HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      `GET /api/storage/show/unit/\u00ff\u00fe HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      `GET http://evil.example/api/uaa/oauth/me HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      `GET * HTTP/1.1\r\n${host}Connection: close\r\n\r\n`,
      `GET /api/uaa/oauth/me HTTP/1.1\r\nConnection: close\r\n\r\n`,
      `GET /api/uaa/oauth/me HTTP/1.1\r\n${host}${'X: 1\r\n'.repeat(3000)}\r\n`,
    ];
    const failures: Failure[] = [];
    for (const raw of raws) {
      sent += 1;
      const request: FuzzRequest = {
        method: raw.split(' ', 1)[0] ?? '',
        path: raw.split(' ')[1] ?? '',
        headers: {},
        operation: 'raw HTTP',
      };
      try {
        const answer = await sendRaw(server.baseUrl, raw);
        const problems =
          answer.status >= 500 || answer.status === 0 ? [`HTTP ${answer.status}`] : [];
        if (answer.body.length > 0 && answer.contentType.includes('json')) {
          problems.push(
            ...answerProblems({ method: 'GET', path: '/api/' }, answer, { fileAnswer: false }),
          );
        }
        if (problems.length > 0) failures.push({ request, answer, problems });
      } catch (error) {
        failures.push({ request, problems: [`no answer: ${(error as Error).message}`] });
      }
    }
    expect(failures, report('raw HTTP', failures)).toEqual([]);
    // And the server is still well afterwards.
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  });
});

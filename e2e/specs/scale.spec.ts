/**
 * Two instances behind nginx behave as one (issue 15 §2), run by `npm run test:scale` only
 * (playwright.config.ts ignores this file otherwise: the usual run has one server). The rest of
 * the suite runs through the same proxy; this file shows what it cannot see from a page: that
 * the requests are spread over both instances, and that a session made on one is honoured by the
 * other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { request } from '@playwright/test';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { demoAccounts } from '../fixtures/accounts.ts';
import { serverDataDir } from '../fixtures/server-data.ts';
import { expect, test } from '../fixtures/test.ts';

const { teacher } = demoAccounts;

/** The instances' own addresses, as fixtures/cluster.mjs wrote them. */
function instances(): string[] {
  const file = path.join(serverDataDir(), 'cluster.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { instances: string[] }).instances.map(
    (hostPort) => `http://${hostPort}`,
  );
}

/** How many `GET /me` answered 200 on an instance, from its Prometheus counters. */
async function meCount(instance: string): Promise<number> {
  const text = await (await fetch(`${instance}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_count{') &&
        l.includes(`route="${uaaEndpoints.me.path}"`) &&
        l.includes('method="GET"') &&
        l.includes('status_code="200"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

test('a session begun on one instance is honoured by the other, and nginx spreads the calls over both', async ({
  baseURL,
}) => {
  const [first, second] = instances() as [string, string];
  expect(first).not.toBe(second);

  // Signed in on the first instance only…
  const onFirst = await request.newContext({ baseURL: first });
  const login = await onFirst.post(uaaEndpoints.login.path, {
    form: { username: teacher.username, password: teacher.password },
    headers: { device: 'pc:portal' },
  });
  expect(((await login.json()) as { status: number }).status).toBe(200);
  const { cookies } = await onFirst.storageState();
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  // …the second knows the session (shared database and Redis).
  const me = await fetch(`${second}${uaaEndpoints.me.path}`, { headers: { cookie: cookieHeader } });
  expect(((await me.json()) as { status: number; data: { loginName?: string } }).status).toBe(200);

  // Through the proxy, ten calls in a row land on both instances.
  const before = await Promise.all([meCount(first), meCount(second)]);
  for (let i = 0; i < 10; i += 1) {
    const answer = await fetch(`${baseURL}${uaaEndpoints.me.path}`, {
      headers: { cookie: cookieHeader },
    });
    expect(((await answer.json()) as { status: number }).status).toBe(200);
  }
  const after = await Promise.all([meCount(first), meCount(second)]);
  const served = after.map((n, i) => n - (before[i] ?? 0));
  expect(served[0]! + served[1]!).toBe(10);
  expect(served[0]).toBeGreaterThan(0);
  expect(served[1]).toBeGreaterThan(0);
  await onFirst.dispose();
});

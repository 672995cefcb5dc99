/**
 * The console's scope (issue 13 §1, DESIGN.md §10): who administers which units. Every
 * `/api/admin/…` call is checked again on the server by the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminScope } from '@campus/contracts/admin';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { DEMO, signIn, startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe(`GET /api/admin/scope on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/admin/scope')).body.status).toBe(401);
  });

  it('answers 403 to a teacher or a parent without the base-admin role', async () => {
    for (const account of [DEMO.teacher, DEMO.parent]) {
      const client = server.client();
      await signIn(client, account);
      const reply = await client.get('/api/admin/scope');
      expect(reply.body.status).toBe(403);
      expect(reply.body.message).toMatch(/管理员|administrator/);
    }
  });

  it("answers a school admin's own school only", async () => {
    const admin = server.client();
    await signIn(admin, DEMO.admin);
    const reply = await admin.get<AdminScope>('/api/admin/scope');
    expect(reply.body.status).toBe(200);
    expect(reply.body.data?.units.map((u) => u.unitId)).toEqual([DEMO_SCHOOL_ID]);
  });

  it("answers an area admin's area first, then the schools under it", async () => {
    const area = server.client();
    await signIn(area, DEMO.area);
    const units = (await area.get<AdminScope>('/api/admin/scope')).body.data?.units ?? [];
    expect(units[0]).toMatchObject({ unitId: DEMO_AREA_ID, unitType: 1, parentId: null });
    expect(units.slice(1).map((u) => u.unitId)).toContain(DEMO_SCHOOL_ID);
    expect(units.slice(1).every((u) => u.parentId === DEMO_AREA_ID)).toBe(true);
  });
});

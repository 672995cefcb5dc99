/** GET /api/uaa/oauth/login/unit_config and /api/uaa/social/info (spec §3, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecorationSet, UnitConfigData } from '@campus/contracts/uaa';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe(`unit config on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('answers the demo school by default, without a session', async () => {
    const reply = await server.client().get<UnitConfigData>('/api/uaa/oauth/login/unit_config');
    expect(reply.body.status).toBe(200);
    const data = reply.body.data!;
    expect(data.unitType).toBe(2);
    expect(data.unitEnName).toBe('Sunshine Primary School');
    expect(data.footer).toBeTruthy();
    expect(data.link).toMatch(/^https?:\/\//);
    expect(data.helpCenter).toBe(true);
    expect(data.autoLogin).toBe(true);
    expect(data.logoUrl).toBe(`/api/storage/show/unit/${data.unitId}`);
    const decoration = JSON.parse(data.decorationSet) as DecorationSet;
    expect(decoration.footerMsg?.baList).toHaveLength(2);
    expect(decoration.themeList?.length).toBeGreaterThan(0);
    const logo = await fetch(new URL(data.logoUrl!, server.baseUrl));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\//);
  });

  it('answers a named unit, and 404 in the body for an unknown one', async () => {
    const units = await server.app.services.database.db
      .selectFrom('units')
      .select(['id', 'unit_type'])
      .execute();
    const area = units.find((u) => u.unit_type === 1)!;
    const reply = await server
      .client()
      .get<UnitConfigData>(`/api/uaa/oauth/login/unit_config?unitId=${area.id}`);
    expect(reply.body.data?.unitType).toBe(1);
    const unknown = await server.client().get('/api/uaa/oauth/login/unit_config?unitId=nope');
    expect(unknown.http).toBe(200);
    expect(unknown.body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('validates unitId', async () => {
    const long = await server
      .client()
      .get(`/api/uaa/oauth/login/unit_config?unitId=${'x'.repeat(65)}`);
    expect(long.body.status).toBe(400);
    expect(long.body.fieldErrors?.[0]?.field).toBe('unitId');
    const empty = await server.client().get('/api/uaa/oauth/login/unit_config?unitId=');
    expect(empty.body.status).toBe(400);
  });

  it('never passes a javascript: footer link through', async () => {
    const db = server.app.services.database.db;
    const units = await db.selectFrom('units').select(['id']).where('unit_type', '=', 1).execute();
    await db
      .updateTable('units')
      .set({ footer_link: 'javascript:alert(1)', decoration_set: 'not json' })
      .where('id', '=', units[0]!.id)
      .execute();
    const reply = await server
      .client()
      .get<UnitConfigData>(`/api/uaa/oauth/login/unit_config?unitId=${units[0]!.id}`);
    expect(reply.body.data?.link).toBeNull();
    expect(reply.body.data?.decorationSet).toBe('{}');
  });
});

describe('GET /api/uaa/social/info', () => {
  it('answers an empty list while no provider is configured', async () => {
    expect((await server.client().get('/api/uaa/social/info')).body).toEqual({
      status: 200,
      data: [],
    });
  });
});

/**
 * Ticket sign-in and SSO on the login page (issue 12 §3, spec §7, §8; DESIGN.md §8) against a
 * local CAS-style issuer speaking `/serviceValidate`: a valid ticket signs the unit's user in,
 * an invalid or replayed one is refused, a ticket for another service or another unit's user
 * signs no one in, and a unit without a ticket path answers the §8 refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminService } from '../../src/cli/admin-service.ts';
import { createRecoveryAdmin } from '../../src/cli/recovery-admin.ts';
import { startFakeCas, type FakeCas } from './helpers/fake-cas.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const TICKET = '/api/uaa/ticket/login';
const OPTIONS = '/api/uaa/oauth/login/sign_in_options';
const SCHOOL = 'demo-unit-sunshine';
const AREA = 'demo-unit-east-district';

let server: TestServer;
let cas: FakeCas;
let service: string;

const ticketQuery = (params: Record<string, string>) =>
  `${TICKET}?${new URLSearchParams(params).toString()}`;

beforeAll(async () => {
  cas = await startFakeCas();
  server = await startTestServer();
  service = `${server.baseUrl}/login`;
  const db = server.app.services.database.db;
  await createRecoveryAdmin(db).setTicketIssuer(SCHOOL, `${cas.url}/`);
  await createAdminService(db).setSsoUrl({
    unitId: SCHOOL,
    url: `${cas.url}/login?service=${encodeURIComponent(service)}`,
  });
});
afterAll(async () => {
  await server.close();
  await cas.close();
});

describe(`sign-in options on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('offers the unit’s SSO URL and ticket path, and the administrator without SMTP', async () => {
    const reply = await server.client().get(`${OPTIONS}?unitId=${SCHOOL}`);
    expect(reply.body).toEqual({
      status: 200,
      data: {
        unitId: SCHOOL,
        ssoUrl: `${cas.url}/login?service=${encodeURIComponent(service)}`,
        ticketPath: TICKET,
        passwordReset: 'administrator',
        // No face enrolled in the unit yet: no face sign-in (issue 14 §1).
        face: false,
      },
    });
  });

  it('offers neither for a unit without them', async () => {
    const reply = await server.client().get(`${OPTIONS}?unitId=${AREA}`);
    expect(reply.body.data).toMatchObject({ ssoUrl: null, ticketPath: null });
  });

  it('never offers a configured URL that is not http(s)', async () => {
    const db = server.app.services.database.db;
    await db
      .updateTable('unit_desktop_settings')
      .set({ sso_login_url: 'javascript:alert(1)' })
      .where('unit_id', '=', SCHOOL)
      .execute();
    try {
      const reply = await server.client().get(`${OPTIONS}?unitId=${SCHOOL}`);
      expect(reply.body.data).toMatchObject({ ssoUrl: null });
    } finally {
      await createAdminService(db).setSsoUrl({ unitId: SCHOOL, url: `${cas.url}/login` });
    }
  });

  it('refuses an unknown unit', async () => {
    expect((await server.client().get(`${OPTIONS}?unitId=nope`)).body.status).toBe(404);
  });
});

describe(`ticket sign-in on ${process.env.API_DB ?? 'sqlite'}`, () => {
  it('refuses a request without a ticket (bad input)', async () => {
    const reply = await server.client().get(`${TICKET}?unitId=${SCHOOL}`);
    expect(reply.body.status).toBe(400);
    expect(reply.body.fieldErrors?.[0]?.field).toBe('ticket');
  });

  it('signs the user in with a valid ticket, once: a replay is refused without asking the issuer', async () => {
    const ticket = cas.issue('teacher', service);
    const client = server.client();
    const reply = await client.get<{ userType: number; unitId: string; accessToken: string }>(
      ticketQuery({ ticket, unitId: SCHOOL, service }),
    );
    expect(reply.body.status).toBe(200);
    expect(reply.body.data).toMatchObject({ userType: 2, unitId: SCHOOL });
    expect(client.cookie('ph_at')).toBeTruthy();
    const me = await client.get<{ loginName: string }>('/api/uaa/oauth/me');
    expect(me.body.data?.loginName).toBe('teacher');

    const validations = cas.validations;
    const replay = await server.client().get(ticketQuery({ ticket, unitId: SCHOOL, service }));
    expect(replay.body).toMatchObject({ status: 400, code: 'invalid_ticket' });
    expect(cas.validations).toBe(validations);
  });

  it('finds the unit by unitHost, and takes the portal’s login page as the default service', async () => {
    const db = server.app.services.database.db;
    await db
      .updateTable('units')
      .set({ hosts: 'school.example' })
      .where('id', '=', SCHOOL)
      .execute();
    const ticket = cas.issue('parent', service);
    const reply = await server.client().get(ticketQuery({ ticket, unitHost: 'school.example' }));
    expect(reply.body).toMatchObject({ status: 200, data: { userType: 3 } });
  });

  it('refuses a ticket the issuer does not know', async () => {
    const reply = await server
      .client()
      .get(ticketQuery({ ticket: 'ST-made-up', unitId: SCHOOL, service }));
    expect(reply.body).toMatchObject({ status: 400, code: 'invalid_ticket' });
  });

  it('refuses a ticket issued for another service, and a service outside the portal', async () => {
    const library = 'http://library.example/login';
    const forLibrary = cas.issue('teacher', library);
    const asLibrary = await server
      .client()
      .get(ticketQuery({ ticket: forLibrary, unitId: SCHOOL, service: library }));
    expect(asLibrary.body).toMatchObject({ status: 400, code: 'invalid_ticket' });
    const asPortal = await server
      .client()
      .get(ticketQuery({ ticket: cas.issue('teacher', library), unitId: SCHOOL, service }));
    expect(asPortal.body).toMatchObject({ status: 400, code: 'invalid_ticket' });
  });

  it('refuses a user the issuer names who has no account in the unit', async () => {
    for (const user of ['nobody', 'area']) {
      const reply = await server
        .client()
        .get(ticketQuery({ ticket: cas.issue(user, service), unitId: SCHOOL, service }));
      expect(reply.body).toMatchObject({ status: 400, code: 'invalid_ticket' });
    }
  });

  it('answers the spec §8 refusal for a unit without a ticket path', async () => {
    const reply = await server
      .client()
      .get(ticketQuery({ ticket: cas.issue('area', service), unitId: AREA, service }));
    expect(reply.body).toMatchObject({ status: 400, code: 'ticket_not_configured' });
    expect(reply.body.message).toContain('|||');
  });

  it('holds a ticket sign-in to the CSRF rule of a state change (no device header, other origin)', async () => {
    const reply = await server
      .client({ device: null, origin: 'http://evil.example' })
      .get(ticketQuery({ ticket: cas.issue('teacher', service), unitId: SCHOOL, service }));
    expect(reply.body.status).toBe(403);
  });
});

describe('the admin sets a ticket issuer', () => {
  it('refuses what is not an http(s) URL prefix, and removes it with none', async () => {
    const admin = createRecoveryAdmin(server.app.services.database.db);
    await expect(admin.setTicketIssuer(AREA, 'javascript:alert(1)')).rejects.toThrow();
    await expect(admin.setTicketIssuer(AREA, 'https://cas.example/cas?x=1')).rejects.toThrow();
    await expect(admin.setTicketIssuer('nope', 'https://cas.example/cas')).rejects.toThrow();
    expect(await admin.setTicketIssuer(AREA, 'https://cas.example/cas/')).toMatchObject({
      url: 'https://cas.example/cas',
    });
    expect(await admin.setTicketIssuer(AREA, 'NONE')).toMatchObject({
      url: null,
      previous: 'https://cas.example/cas',
    });
  });
});

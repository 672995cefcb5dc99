/**
 * The desktop header's family calls (issue 4; spec §3 Child, §6, §7): the linked-account
 * check, a parent's children on both paths, and the choice of the current child, which /me
 * then reports. Each: no session, wrong user type, another family, bad input, success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyEndpoints } from '@campus/contracts/family';
import type { Child } from '@campus/contracts/family';
import type { MeData } from '@campus/contracts/uaa';
import {
  signedInClients,
  startTestServer,
  type TestClient,
  type TestServer,
  userIdOf,
} from './helpers/test-server.ts';

const LI_HUA: Child = {
  id: 'demo-student-li-hua',
  realName: 'Li Hua',
  gradeName: 'Grade 5',
  className: 'Class 1',
};
const LI_MING: Child = {
  id: 'demo-student-li-ming',
  realName: 'Li Ming',
  gradeName: 'Grade 3',
  className: 'Class 2',
};
const CHEN_YUE: Child = {
  id: 'demo-student-chen-yue',
  realName: 'Chen Yue',
  gradeName: 'Grade 1',
  className: 'Class 3',
};

let server: TestServer;
let teacher: TestClient;
let staff: TestClient;
let parent: TestClient;
let parent1: TestClient;
let admin: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  ({ teacher, staff, parent, parent1, admin } = await signedInClients(
    server,
    'teacher',
    'staff',
    'parent',
    'parent1',
    'admin',
  ));
  for (const login of ['teacher', 'staff', 'parent', 'parent1', 'admin']) {
    ids[login] = await userIdOf(server, login);
  }
});
afterAll(async () => server.close());

const id = (login: string): string => ids[login] ?? '';

describe(`GET ${familyEndpoints.linkedCheck.path} on ${process.env.API_DB ?? 'sqlite'}`, () => {
  const url = (parentId: string, teacherId: string) =>
    `${familyEndpoints.linkedCheck.path}?parentId=${encodeURIComponent(parentId)}&teacherId=${encodeURIComponent(teacherId)}`;

  it('answers 401 without a session', async () => {
    expect((await server.client().get(url(id('parent'), id('teacher')))).body.status).toBe(401);
  });

  it('validates both ids', async () => {
    const reply = await teacher.get(`${familyEndpoints.linkedCheck.path}?parentId=${id('parent')}`);
    expect(reply.body.status).toBe(400);
    expect(reply.body.fieldErrors?.[0]).toEqual({
      field: 'teacherId',
      message: '教师不能为空！|||Teacher cannot be empty!',
    });
  });

  it('answers true for the linked pair, asked by either of them', async () => {
    expect((await teacher.get(url(id('parent'), id('teacher')))).body).toEqual({
      status: 200,
      data: true,
    });
    expect((await parent.get(url(id('parent'), id('teacher')))).body.data).toBe(true);
  });

  it('answers false for accounts that are not linked, the pair read as parent and teacher', async () => {
    expect((await parent1.get(url(id('parent1'), id('teacher')))).body).toEqual({
      status: 200,
      data: false,
    });
    // The roles swapped are not the link.
    expect((await teacher.get(url(id('teacher'), id('parent')))).body.data).toBe(false);
  });

  it('refuses a caller who is neither of the two', async () => {
    for (const client of [staff, parent1, admin]) {
      const reply = await client.get(url(id('parent'), id('teacher')));
      expect(reply.body).toMatchObject({ status: 403, code: 'forbidden' });
    }
  });
});

for (const path of [familyEndpoints.childrenByParent.path, familyEndpoints.childrenOfParent.path]) {
  describe(`GET ${path}`, () => {
    const url = (parentId: string) => `${path}?parentId=${encodeURIComponent(parentId)}`;

    it('answers 401 without a session', async () => {
      expect((await server.client().get(url(id('parent')))).body.status).toBe(401);
    });

    it('validates parentId', async () => {
      const reply = await parent.get(path);
      expect(reply.body.status).toBe(400);
      expect(reply.body.fieldErrors?.[0]).toEqual({
        field: 'parentId',
        message: '家长不能为空！|||Parent cannot be empty!',
      });
    });

    it("answers a parent their own children (spec §3 Child), in /me's order", async () => {
      expect((await parent.get<Child[]>(url(id('parent')))).body).toEqual({
        status: 200,
        data: [LI_HUA, LI_MING],
      });
      expect((await parent1.get<Child[]>(url(id('parent1')))).body.data).toEqual([CHEN_YUE]);
      const me = (await parent.get<MeData>('/api/uaa/oauth/me')).body.data;
      expect(me?.chirdenList).toEqual([LI_HUA, LI_MING]);
    });

    it("refuses another family's parentId", async () => {
      const reply = await parent1.get(url(id('parent')));
      expect(reply.body).toMatchObject({ status: 403, code: 'forbidden' });
      expect(reply.body.data).toBeUndefined();
    });

    it('refuses other user types, even with their own id', async () => {
      for (const [client, login] of [
        [teacher, 'teacher'],
        [staff, 'staff'],
        [admin, 'admin'],
      ] as const) {
        expect((await client.get(url(id(login)))).body.status).toBe(403);
        expect((await client.get(url(id('parent')))).body.status).toBe(403);
      }
    });
  });
}

describe(`POST ${familyEndpoints.setCurrentChild.path}`, () => {
  const url = (parentId: string) =>
    `${familyEndpoints.setCurrentChild.path}?parentId=${encodeURIComponent(parentId)}`;
  const form = (child: Child) => ({ ...child });

  it('answers 401 without a session', async () => {
    expect((await server.client().postForm(url(id('parent')), form(LI_HUA))).body.status).toBe(401);
  });

  it('validates parentId and the child id', async () => {
    const noParent = await parent.postForm(familyEndpoints.setCurrentChild.path, form(LI_HUA));
    expect(noParent.body.fieldErrors?.[0]?.field).toBe('parentId');
    const noChild = await parent.postForm(url(id('parent')), { realName: 'Li Hua' });
    expect(noChild.body.fieldErrors?.[0]).toEqual({
      field: 'id',
      message: '编号不能为空！|||Id cannot be empty!',
    });
    const blank = await parent.postForm(url(id('parent')), { id: '   ' });
    expect(blank.body.status).toBe(400);
  });

  it("refuses another family's child (not found, like an unknown id) and another parentId", async () => {
    const other = await parent.postForm(url(id('parent')), form(CHEN_YUE));
    expect(other.body).toMatchObject({ status: 404, code: 'not_found' });
    const unknown = await parent.postForm(url(id('parent')), { id: 'no-such-student' });
    expect(unknown.body).toEqual(other.body);
    const otherParent = await parent1.postForm(url(id('parent')), form(LI_HUA));
    expect(otherParent.body.status).toBe(403);
    const teacherCall = await teacher.postForm(url(id('teacher')), form(LI_HUA));
    expect(teacherCall.body.status).toBe(403);
    // Nothing changed.
    const me = (await parent.get<MeData>('/api/uaa/oauth/me')).body.data;
    expect(me?.chirdenId).toBe(LI_MING.id);
  });

  it('sets the current child, which /me reports at once (session cache evicted)', async () => {
    // Warm the cached /me answer first, so the test proves it is evicted.
    expect((await parent.get<MeData>('/api/uaa/oauth/me')).body.data?.chirdenId).toBe(LI_MING.id);
    const reply = await parent.postForm<Child>(url(id('parent')), {
      ...form(LI_HUA),
      realName: 'Someone Else',
    });
    // The server's own record is answered, not what the body claimed.
    expect(reply.body).toEqual({ status: 200, data: LI_HUA });
    const me = (await parent.get<MeData>('/api/uaa/oauth/me')).body.data;
    expect(me?.chirdenId).toBe(LI_HUA.id);
    expect(me?.chirdenName).toBe('Li Hua');
    expect(me?.currentChirden).toEqual(LI_HUA);
    // JSON works too, and the choice can go back.
    const back = await parent.postJson<Child>(url(id('parent')), { id: LI_MING.id });
    expect(back.body.data).toEqual(LI_MING);
    expect((await parent.get<MeData>('/api/uaa/oauth/me')).body.data?.currentChirden).toEqual(
      LI_MING,
    );
  });
});

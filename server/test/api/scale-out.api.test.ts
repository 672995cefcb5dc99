/**
 * Two instances on one database behave as one (DESIGN.md §2): a session made on one is
 * valid on the other, and a sign-out on one ends it on the other. With Redis the
 * eviction is immediate; without it (one instance is the supported setup) a cached
 * session lives at most the cache's few seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAppEndpoints } from '@campus/contracts/admin-apps';
import {
  desktopEndpoints,
  type AppGroup,
  type Message,
  type UnhandleCount,
  type UnreadCodeCount,
} from '@campus/contracts/desktop';
import { familyEndpoints, type Child } from '@campus/contracts/family';
import { uaaEndpoints, type MeData } from '@campus/contracts/uaa';
import { DEMO_AREA_ID, DEMO_SCHOOL_ID } from '../../src/db/seed/demo-school.ts';
import { CATALOGUE_CACHE_TTL_MS } from '../../src/modules/base/catalogue-cache.ts';
import { DESKTOP_READ_TTL_MS } from '../../src/modules/desktop/desktop-read-cache.ts';
import { SESSION_CACHE_TTL_MS } from '../../src/modules/uaa/session-cache.ts';
import { eventually } from './helpers/eventually.ts';
import { DEMO, signIn, startTestServer, type TestServer } from './helpers/test-server.ts';

const TEACHER_ID = 'demo-user-teacher';
let nowB = Date.now();
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ shareWith: a, clock: () => nowB });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe(`two instances on ${process.env.API_DB ?? 'sqlite'}${process.env.TEST_REDIS_URL ? ' with Redis' : ''}`, () => {
  it('accepts on one instance the session made on the other, and ends it everywhere on sign-out', async () => {
    const onA = a.client();
    await signIn(onA, DEMO.teacher);
    const onB = b.client();
    onB.setCookie('ph_at', onA.cookie('ph_at')!);
    expect((await onB.get('/api/uaa/oauth/me')).body.status).toBe(200);

    expect((await onA.postForm('/api/uaa/oauth/logout', {})).body.status).toBe(200);
    if (process.env.TEST_REDIS_URL) {
      const ended = await eventually(
        async () => (await onB.get('/api/uaa/oauth/me')).body.status === 401,
      );
      expect(ended).toBe(true);
    } else {
      nowB += SESSION_CACHE_TTL_MS;
      expect((await onB.get('/api/uaa/oauth/me')).body.status).toBe(401);
    }
  });

  it('answers a fresh /me (Cache-Control: no-cache) on the other instance at once after a change', async () => {
    const onA = a.client();
    await signIn(onA, DEMO.parent);
    const onB = b.client();
    onB.setCookie('ph_at', onA.cookie('ph_at')!);
    const me = (await onB.get<MeData>(uaaEndpoints.me.path)).body.data;
    const parentId = me?.userId ?? '';
    const children = (
      await onA.get<Child[]>(
        `${familyEndpoints.childrenByParent.path}?parentId=${encodeURIComponent(parentId)}`,
      )
    ).body.data;
    const other = children?.find((child) => child.id !== me?.chirdenId);
    expect(other).toBeDefined();
    // B has the session and its /me cached; A changes the child (B hears of it through Redis,
    // if at all, some time later: the SDK's recheck after a change asks fresh).
    const set = await onA.postForm(
      `${familyEndpoints.setCurrentChild.path}?parentId=${encodeURIComponent(parentId)}`,
      { ...other },
    );
    expect(set.body.status).toBe(200);
    const fresh = await onB.get<MeData>(uaaEndpoints.me.path, { 'cache-control': 'no-cache' });
    expect(fresh.body.data?.chirdenId).toBe(other?.id);
    // And the fresh answer is what B keeps for the next plain /me.
    expect((await onB.get<MeData>(uaaEndpoints.me.path)).body.data?.chirdenId).toBe(other?.id);
  });

  it('refreshes on one instance a session made on the other', async () => {
    const onA = a.client();
    await signIn(onA, DEMO.parent);
    const onB = b.client();
    onB.setCookie('ph_rt', onA.cookie('ph_rt')!, '/api/uaa/oauth/refresh');
    expect((await onB.get('/api/uaa/oauth/refresh')).body.status).toBe(200);
    expect((await onB.get('/api/uaa/oauth/me')).body.status).toBe(200);
  });

  it('shows on the other instance a theme a base admin synced to the whole unit (issue 4)', async () => {
    const teacherOnB = b.client();
    await signIn(teacherOnB, DEMO.teacher);
    const themeOnB = async () =>
      (await teacherOnB.get<{ theme: string | null }>('/api/base/my_desktop/color')).body.data
        ?.theme ?? null;
    // Warm instance B's session cache with the old theme.
    expect(await themeOnB()).toBeNull();
    const adminOnA = a.client();
    await signIn(adminOnA, DEMO.admin);
    const synced = await adminOnA.postForm('/api/base/desktop/settheme', {
      type: 'default_color',
      theme: 'ink',
    });
    expect(synced.body).toEqual({ status: 200, data: 'success' });
    if (process.env.TEST_REDIS_URL) {
      expect(await eventually(async () => (await themeOnB()) === 'ink')).toBe(true);
    } else {
      nowB += SESSION_CACHE_TTL_MS;
      expect(await themeOnB()).toBe('ink');
    }
  });

  it('hides on the other instance an app hidden on this one (the in-memory catalogue, issue 15 §1)', async () => {
    const teacherOnB = b.client();
    await signIn(teacherOnB, DEMO.teacher);
    const menuOnB = async () =>
      (
        await teacherOnB.get<AppGroup[]>(
          `${desktopEndpoints.appIcons.path}?userId=${TEACHER_ID}&unitId=${DEMO_SCHOOL_ID}&appType=1`,
        )
      ).body.data?.flatMap((group) => group.iconVMs.map((icon) => icon.code)) ?? [];
    // Instance B's catalogue is warm with the app shown.
    expect(await menuOnB()).toContain('cms');
    const areaOnA = a.client();
    await signIn(areaOnA, DEMO.area);
    const setStatus = (updateStatus: 0 | 1) =>
      areaOnA.postJson(adminAppEndpoints.appStatus.path, {
        unitId: DEMO_AREA_ID,
        code: 'cms',
        updateStatus,
      });
    expect((await setStatus(0)).body.status).toBe(200);
    try {
      if (process.env.TEST_REDIS_URL) {
        expect(await eventually(async () => !(await menuOnB()).includes('cms'))).toBe(true);
      } else {
        nowB += CATALOGUE_CACHE_TTL_MS;
        expect(await menuOnB()).not.toContain('cms');
      }
    } finally {
      expect((await setStatus(1)).body.status).toBe(200);
    }
    // Shown again: at once on the instance that changed it.
    const teacherOnA = a.client();
    await signIn(teacherOnA, DEMO.teacher);
    const menuOnA = await teacherOnA.get<AppGroup[]>(
      `${desktopEndpoints.appIcons.path}?userId=${TEACHER_ID}&unitId=${DEMO_SCHOOL_ID}&appType=1`,
    );
    expect(menuOnA.body.data?.flatMap((g) => g.iconVMs.map((i) => i.code))).toContain('cms');
  });

  it('answers fresh bell reads (Cache-Control: no-cache) on the other instance at once after a message is ignored', async () => {
    const teacherOnB = b.client();
    await signIn(teacherOnB, DEMO.teacher);
    const fresh = { 'cache-control': 'no-cache' };
    const readsOnB = async (headers: Record<string, string> = {}) => ({
      count: (await teacherOnB.get<UnhandleCount>(desktopEndpoints.unhandleCount.path, headers))
        .body.data?.messageCount,
      ids: (
        await teacherOnB.get<Message[]>(desktopEndpoints.unreadMessages.path, headers)
      ).body.data?.map((message) => message.id),
      perApp: Object.values(
        (await teacherOnB.get<UnreadCodeCount>(desktopEndpoints.unreadCodeCount.path, headers)).body
          .data ?? {},
      ).reduce((sum, count) => sum + count, 0),
    });
    // B keeps the teacher's bell, list and per-app counts.
    const before = await readsOnB();
    const ignoredId = before.ids?.[0];
    expect(ignoredId).toBeDefined();
    const teacherOnA = a.client();
    await signIn(teacherOnA, DEMO.teacher);
    const ignored = await teacherOnA.postForm(desktopEndpoints.ignoreMessage.path, {
      desktopMessageId: ignoredId!,
    });
    expect(ignored.body.data).toBe(1);
    // The page that ignored it asks again fresh, and B answers from the database, whether or
    // not the change's event has reached it (without Redis it never does).
    const after = await readsOnB(fresh);
    expect(after.count).toBe(before.count! - 1);
    expect(after.ids).not.toContain(ignoredId);
    expect(after.perApp).toBe(before.perApp - 1);
    // And what B read is what it keeps for the next plain read.
    expect((await readsOnB()).count).toBe(after.count);
  });

  it("empties on the other instance a bell whose messages were ignored on this one (the desktop's read cache, issue 15 §1)", async () => {
    const teacherOnB = b.client();
    await signIn(teacherOnB, DEMO.teacher);
    const unreadOnB = async () =>
      (await teacherOnB.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body.data
        ?.messageCount;
    // Instance B keeps the teacher's bell: its unread messages, counted once.
    expect(await unreadOnB()).toBeGreaterThan(0);
    const teacherOnA = a.client();
    await signIn(teacherOnA, DEMO.teacher);
    const ignored = await teacherOnA.postForm(desktopEndpoints.ignoreAllMessages.path, {});
    expect(ignored.body.status).toBe(200);
    // On the instance that changed it, at once.
    expect(
      (await teacherOnA.get<UnhandleCount>(desktopEndpoints.unhandleCount.path)).body.data
        ?.messageCount,
    ).toBe(0);
    if (process.env.TEST_REDIS_URL) {
      expect(await eventually(async () => (await unreadOnB()) === 0)).toBe(true);
    } else {
      nowB += DESKTOP_READ_TTL_MS;
      expect(await unreadOnB()).toBe(0);
    }
  });
});

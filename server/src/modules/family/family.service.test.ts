import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserType } from '@campus/contracts/user-types';
import { AppError } from '../../core/errors.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { DirectoryService } from '../uaa/directory.service.ts';
import type { SessionEvent } from '../uaa/session-events.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import { UaaRepository } from '../uaa/uaa.repository.ts';
import { FamilyRepository } from './family.repository.ts';
import { FamilyService, type AccountRef } from './family.service.ts';

const NOW = 1_773_648_000_000;
const UNIT = 'unit-school';
const OTHER_UNIT = 'unit-other';

let dataDir: string;
let handle: DatabaseHandle;
let events: SessionEvent[];
let family: FamilyService;
let directory: DirectoryService;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-family-'));
  handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  events = [];
  directory = new DirectoryService(
    new UaaRepository(handle.db),
    { publish: async (event) => void events.push(event) },
    () => NOW,
  );
  family = new FamilyService(new FamilyRepository(handle.db), directory, () => NOW);
  for (const id of [UNIT, OTHER_UNIT]) {
    await directory.createUnit({
      id,
      name: id,
      enName: null,
      unitType: 2,
      parentId: null,
      createdAt: NOW,
    });
  }
});

afterEach(async () => {
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function account(loginName: string, userType: number, unitId = UNIT): Promise<AccountRef> {
  const user = { id: `user-${loginName}`, unitId, loginName, realName: loginName, userType };
  await directory.createUser({ ...user, passwordHash: 'not-a-hash', createdAt: NOW });
  return user;
}

/** The signed-in user as a request sees it. */
function sessionUser(ref: AccountRef, currentChildId: string | null = null): SessionUser {
  return {
    sessionId: 's',
    familyId: 'f',
    accessExpiresAt: NOW + 1000,
    userId: ref.id,
    userType: ref.userType,
    unitId: ref.unitId,
    unitType: 2,
    realName: ref.loginName,
    loginName: ref.loginName,
    avatar: null,
    sex: 0,
    superman: 0,
    userStatus: 1,
    theme: null,
    themeColor: null,
    currentLayout: null,
    langType: null,
    currentChildId,
    unitName: ref.unitId,
    unitEnName: null,
    unitStatus: 1,
  };
}

async function currentChildIdOf(userId: string): Promise<string | null> {
  const row = await handle.db
    .selectFrom('users')
    .select('current_child_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.current_child_id;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('linkChild', () => {
  it('creates a new student in the parent’s unit and makes only the first child current', async () => {
    const parent = await account('mum', UserType.parent);
    const first = await family.linkChild(parent, {
      realName: '李明',
      gradeName: '三年级',
      className: '2班',
    });
    const second = await family.linkChild(parent, {
      realName: '李华',
      gradeName: '五年级',
      className: '1班',
    });
    expect(first).toMatchObject({ created: true, newStudent: true });
    expect(second).toMatchObject({ created: true, newStudent: true });
    expect(await currentChildIdOf(parent.id)).toBe(first.child.id);
    const student = await family.studentForParent(parent, first.child.id);
    expect(student.unitId).toBe(UNIT);

    const again = await family.linkChild(parent, student);
    expect(again).toMatchObject({ created: false, newStudent: false });
    expect(await currentChildIdOf(parent.id)).toBe(first.child.id);
  });

  it('refuses a non-parent account and another unit’s student', async () => {
    const teacher = await account('teacher', UserType.teacher);
    const stranger = await account('stranger', UserType.parent, OTHER_UNIT);
    const mum = await account('mum', UserType.parent);
    const { child } = await family.linkChild(mum, {
      realName: 'A',
      gradeName: 'G',
      className: 'C',
    });

    expect(
      (await rejection(family.linkChild(teacher, { ...child, unitId: UNIT }))).options,
    ).toMatchObject({ fieldErrors: [{ field: 'parent' }] });
    expect((await rejection(family.studentForParent(stranger, child.id))).options).toMatchObject({
      fieldErrors: [{ field: 'studentId' }],
    });
    expect((await rejection(family.studentForParent(mum, 'ghost'))).code).toBe('not_found');
  });
});

describe('what /me and the cms read', () => {
  it('lists a parent’s children by name, then id, with the chosen child current', async () => {
    const parent = await account('mum', UserType.parent);
    for (const realName of ['Zhang', 'Li', 'Li']) {
      await family.linkChild(parent, { realName, gradeName: 'G', className: 'C' });
    }
    const first = await family.meFamily(sessionUser(parent));
    expect(first.children.map((c) => c.realName)).toEqual(['Li', 'Li', 'Zhang']);
    const ids = first.children.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual([...ids.slice(0, 2)].sort());
    // No choice (or a choice no longer theirs): the first child.
    expect(first.current).toEqual(first.children[0]);
    expect((await family.meFamily(sessionUser(parent, 'gone'))).current).toEqual(first.children[0]);

    const zhang = first.children[2];
    const chosen = await family.meFamily(sessionUser(parent, zhang?.id ?? null));
    expect(chosen.current).toEqual(zhang);
    expect(await family.currentChild(sessionUser(parent, zhang?.id ?? null))).toMatchObject({
      id: zhang?.id,
      unitId: UNIT,
    });
  });

  it('gives children only to parents and the linked account only to teachers and parents', async () => {
    const teacher = await account('teacher', UserType.teacher);
    const parent = await account('parent', UserType.parent);
    const staff = await account('staff', UserType.unitStaff);
    await family.linkAccounts(teacher, parent);

    expect(await family.meFamily(sessionUser(teacher))).toEqual({
      children: [],
      current: null,
      linked: { id: parent.id, userType: UserType.parent },
    });
    expect((await family.meFamily(sessionUser(parent))).linked).toEqual({
      id: teacher.id,
      userType: UserType.teacher,
    });
    expect(await family.meFamily(sessionUser(staff))).toEqual({
      children: [],
      current: null,
      linked: undefined,
    });
    expect(await family.currentChild(sessionUser(teacher))).toBeNull();
  });
});

describe('linked accounts', () => {
  it('answers the switch in either order, the linked check only as teacher then parent', async () => {
    const teacher = await account('teacher', UserType.teacher);
    const parent = await account('parent', UserType.parent);
    await family.linkAccounts(teacher, parent);

    expect(await family.areLinked(teacher.id, parent.id)).toBe(true);
    expect(await family.areLinked(parent.id, teacher.id)).toBe(true);
    const asTeacher = sessionUser(teacher);
    expect(await family.linked(asTeacher, { teacherId: teacher.id, parentId: parent.id })).toBe(
      true,
    );
    expect(await family.linked(asTeacher, { teacherId: parent.id, parentId: teacher.id })).toBe(
      false,
    );
    expect(
      (await rejection(family.linked(asTeacher, { teacherId: 'x', parentId: parent.id }))).code,
    ).toBe('forbidden');
  });

  it('links one teacher and one parent of a unit, once', async () => {
    const teacher = await account('teacher', UserType.teacher);
    const parent = await account('parent', UserType.parent);
    const parent2 = await account('parent2', UserType.parent);
    const far = await account('far', UserType.parent, OTHER_UNIT);

    expect(await family.linkAccounts(teacher, parent)).toBe(true);
    expect(await family.linkAccounts(teacher, parent)).toBe(false);
    const fields = async (promise: Promise<unknown>) =>
      (await rejection(promise)).options.fieldErrors?.map((e) => e.field);
    expect(await fields(family.linkAccounts(parent, teacher))).toEqual(['teacher', 'parent']);
    expect(await fields(family.linkAccounts(teacher, far))).toEqual(['parent']);
    expect(await fields(family.linkAccounts(teacher, parent2))).toEqual(['teacher']);
  });
});

describe('setCurrentChild', () => {
  it('stores one of the caller’s own children through the directory and evicts their sessions', async () => {
    const parent = await account('mum', UserType.parent);
    const other = await account('dad', UserType.parent);
    await family.linkChild(parent, { realName: 'A', gradeName: 'G', className: 'C' });
    const { child: second } = await family.linkChild(parent, {
      realName: 'B',
      gradeName: 'G',
      className: 'C',
    });
    const { child: theirs } = await family.linkChild(other, {
      realName: 'C',
      gradeName: 'G',
      className: 'C',
    });
    events.length = 0;

    expect(await family.setCurrentChild(sessionUser(parent), parent.id, second.id)).toEqual(second);
    expect(await currentChildIdOf(parent.id)).toBe(second.id);
    expect(events).toEqual([{ kind: 'user', id: parent.id }]);

    const refused = await rejection(
      family.setCurrentChild(sessionUser(parent), parent.id, theirs.id),
    );
    expect(refused.code).toBe('not_found');
    expect(await currentChildIdOf(parent.id)).toBe(second.id);
    expect(
      (await rejection(family.setCurrentChild(sessionUser(parent), other.id, theirs.id))).code,
    ).toBe('forbidden');
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { BaseRepository } from '../base/base.repository.ts';
import { verifyPassword } from '../uaa/password.ts';
import { createAdminService } from '../../cli/admin-service.ts';
import { type AdminService, passwordProblem } from './admin.service.ts';

const NOW = 1_773_648_000_000;

let dataDir: string;
let handle: DatabaseHandle;
let admin: AdminService;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-admin-'));
  handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  admin = createAdminService(handle.db, { now: () => NOW });
});

afterEach(async () => {
  await handle.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The rejection's field errors, as `field: English message` lines. */
async function fieldErrors(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return (appError.options.fieldErrors ?? [{ field: '-', message: appError.bilingualMessage }]).map(
    (e) => `${e.field}: ${e.message.split('|||')[1]}`,
  );
}

async function school() {
  const area = await admin.createUnit({ name: '东区教育局', enName: 'East', unitType: 1 });
  return admin.createUnit({ name: '阳光小学', unitType: 2, parentId: area.id });
}

async function user(unitId: string, loginName: string, userType: number) {
  return admin.createUser({
    unitId,
    loginName,
    realName: '李伟',
    userType,
    password: 'Secret@2026',
  });
}

async function audit(action: string) {
  return handle.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
}

describe('passwordProblem (spec §5 default rule)', () => {
  it.each(['Admin@2026', 'abc12345', '12345678!', 'a!b@c#d$', 'x'.repeat(19) + '1'])(
    'accepts %j',
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it.each([
    ['Ab1!', 'too short'],
    ['Abcdefgh1!Abcdefgh1!x', 'too long'],
    ['Admin 2026', 'a space'],
    ['Admin\t2026', 'a tab'],
    ['密码Admin2026', 'Chinese characters'],
    ['Admin２０２６，', 'full-width characters'],
    ['abcdefgh', 'letters only'],
    ['12345678', 'digits only'],
    ['!@#$%^&*', 'other characters only'],
  ])('rejects %j (%s)', (password) => {
    expect(passwordProblem(password)).toMatch(/\|\|\|/);
  });
});

describe('createUnit', () => {
  it('creates a school under an area and audits it', async () => {
    const unit = await school();
    expect(unit).toMatchObject({ name: '阳光小学', enName: null, unitType: 2 });
    const [row] = await audit('admin.create_unit');
    expect(row).toMatchObject({ at: NOW, user_id: null, action: 'admin.create_unit' });
    expect((await audit('admin.create_unit')).map((r) => r.unit_id)).toContain(unit.id);
  });

  it('rejects a bad type, a missing parent and a school as parent', async () => {
    const s = await school();
    expect(
      await fieldErrors(admin.createUnit({ name: ' ', unitType: 3, parentId: 'nope' })),
    ).toEqual([
      'name: Unit name must not be empty',
      'unitType: The unit type must be 1 (area) or 2 (school)',
      'parentId: Parent unit "nope" does not exist',
    ]);
    expect(await fieldErrors(admin.createUnit({ name: 'X', unitType: 2, parentId: s.id }))).toEqual(
      ['parentId: The parent unit must be an area'],
    );
  });
});

describe('createUser', () => {
  it('creates an account with an Argon2id hash and audits it without the password', async () => {
    const unit = await school();
    const created = await user(unit.id, 'teacher', 2);
    expect(created).toMatchObject({ loginName: 'teacher', userType: 2, unitId: unit.id });
    const row = await handle.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password_hash, 'Secret@2026')).toBe(true);
    const [entry] = await audit('admin.create_user');
    expect(entry?.detail).toContain('"loginName":"teacher"');
    expect(entry?.detail).not.toContain('Secret@2026');
  });

  it('rejects a duplicate login name, also in another letter case', async () => {
    const unit = await school();
    await user(unit.id, 'teacher', 2);
    expect(await fieldErrors(user(unit.id, 'teacher', 2))).toEqual([
      'loginName: Login name "teacher" is already taken',
    ]);
    expect(await fieldErrors(user(unit.id, 'Teacher', 2))).toEqual([
      'loginName: Login name "Teacher" is already taken',
    ]);
  });

  it('rejects a weak password, an unknown unit and a bad type, listing each', async () => {
    expect(
      await fieldErrors(
        admin.createUser({
          unitId: 'nope',
          loginName: 'a b',
          realName: '',
          userType: 7,
          password: 'password',
        }),
      ),
    ).toEqual([
      'unitId: Unit "nope" does not exist',
      'loginName: The login name must be 2 to 64 letters, digits or _ . @ -',
      'realName: Real name must not be empty',
      'userType: The user type must be 1, 2, 3 or 4',
      'password: The password must mix at least two of: digits, letters, other characters',
    ]);
    expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});

describe('resetPassword', () => {
  it('sets the new password and revokes every session, refresh token and device credential', async () => {
    const unit = await school();
    const teacher = await user(unit.id, 'teacher', 2);
    const other = await user(unit.id, 'other', 2);
    const live = { family_id: 'f', access_expires_at: NOW + 1000, created_at: NOW - 5000 };
    await handle.db
      .insertInto('sessions')
      .values([
        { ...live, id: 's1', user_id: teacher.id, access_token_hash: 'h1' },
        { ...live, id: 's2', user_id: teacher.id, access_token_hash: 'h2', revoked_at: NOW - 10 },
        { ...live, id: 's3', user_id: other.id, access_token_hash: 'h3' },
      ])
      .execute();
    const token = { family_id: 'f', expires_at: NOW + 1000, created_at: NOW - 5000 };
    await handle.db
      .insertInto('refresh_tokens')
      .values({ ...token, id: 'r1', user_id: teacher.id, token_hash: 'rh1' })
      .execute();
    await handle.db
      .insertInto('device_credentials')
      .values({ ...token, id: 'd1', kind: 'remember', user_id: teacher.id, token_hash: 'dh1' })
      .execute();

    const result = await admin.resetPassword('teacher', 'NewPass#2026');

    expect(result.revoked).toEqual({ sessions: 1, refreshTokens: 1, deviceCredentials: 1 });
    const sessions = await handle.db
      .selectFrom('sessions')
      .select(['id', 'revoked_at'])
      .orderBy('id')
      .execute();
    expect(sessions).toEqual([
      { id: 's1', revoked_at: NOW },
      { id: 's2', revoked_at: NOW - 10 },
      { id: 's3', revoked_at: null },
    ]);
    const refresh = await handle.db.selectFrom('refresh_tokens').select('revoked_at').execute();
    expect(refresh).toEqual([{ revoked_at: NOW }]);
    const devices = await handle.db.selectFrom('device_credentials').select('revoked_at').execute();
    expect(devices).toEqual([{ revoked_at: NOW }]);
    const row = await handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, 'NewPass#2026')).toBe(true);
    expect(await verifyPassword(row.password_hash, 'Secret@2026')).toBe(false);
    const [entry] = await audit('admin.reset_password');
    expect(entry?.detail).not.toContain('NewPass#2026');
  });

  it('lifts a lockout', async () => {
    const unit = await school();
    const teacher = await user(unit.id, 'teacher', 2);
    await handle.db
      .updateTable('users')
      .set({ failed_count: 5, first_failed_at: NOW - 1, locked_until: NOW + 900_000 })
      .execute();
    await admin.resetPassword('teacher', 'NewPass#2026');
    const row = await handle.db
      .selectFrom('users')
      .select(['failed_count', 'locked_until'])
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_count: 0, locked_until: null });
  });

  it('rejects an unknown user and a password that breaks the rule, changing nothing', async () => {
    const unit = await school();
    await user(unit.id, 'teacher', 2);
    expect(await fieldErrors(admin.resetPassword('nobody', 'NewPass#2026'))).toEqual([
      '-: No user with login name "nobody"',
    ]);
    expect(await fieldErrors(admin.resetPassword('teacher', 'short'))).toEqual([
      'password: The password must be 8 to 20 characters long',
    ]);
    expect(await audit('admin.reset_password')).toEqual([]);
  });
});

describe('linkParentChild', () => {
  it('creates a new student, links it, and makes the first child current', async () => {
    const unit = await school();
    const parent = await user(unit.id, 'parent', 3);
    const first = await admin.linkParentChild('parent', {
      realName: 'Li Ming',
      gradeName: 'Grade 3',
      className: 'Class 2',
    });
    const second = await admin.linkParentChild('parent', {
      realName: 'Li Hua',
      gradeName: 'Grade 5',
      className: 'Class 1',
    });
    expect(first).toMatchObject({
      parentId: parent.id,
      created: true,
      child: { realName: 'Li Ming' },
    });
    expect(second.created).toBe(true);
    const row = await handle.db
      .selectFrom('users')
      .select('current_child_id')
      .where('id', '=', parent.id)
      .executeTakeFirstOrThrow();
    expect(row.current_child_id).toBe(first.child.id);

    // Linking an existing student again is harmless.
    const again = await admin.linkParentChild('parent', { studentId: first.child.id });
    expect(again.created).toBe(false);
    expect(
      await handle.db.selectFrom('parent_children').select('student_id').execute(),
    ).toHaveLength(2);
    expect(await audit('admin.link_child')).toHaveLength(3);
  });

  it('links an existing student to a second parent of the same unit only', async () => {
    const unit = await school();
    const other = await admin.createUnit({ name: '月亮小学', unitType: 2 });
    await user(unit.id, 'mum', 3);
    await user(unit.id, 'dad', 3);
    await user(other.id, 'stranger', 3);
    const { child } = await admin.linkParentChild('mum', {
      realName: 'Li Ming',
      gradeName: 'Grade 3',
      className: 'Class 2',
    });
    expect((await admin.linkParentChild('dad', { studentId: child.id })).created).toBe(true);
    expect(await fieldErrors(admin.linkParentChild('stranger', { studentId: child.id }))).toEqual([
      'studentId: The student and the parent belong to different units',
    ]);
  });

  it('refuses a non-parent account, an unknown student and empty names', async () => {
    const unit = await school();
    await user(unit.id, 'teacher', 2);
    await user(unit.id, 'parent', 3);
    expect(await fieldErrors(admin.linkParentChild('teacher', { studentId: 'x' }))).toEqual([
      'parent: "teacher" is not a parent account (user type 3)',
    ]);
    expect(await fieldErrors(admin.linkParentChild('parent', { studentId: 'x' }))).toEqual([
      '-: No student with id "x"',
    ]);
    expect(
      await fieldErrors(
        admin.linkParentChild('parent', { realName: '', gradeName: 'G', className: ' ' }),
      ),
    ).toEqual(['realName: Student name must not be empty', 'className: Class must not be empty']);
  });
});

describe('linkTeacherParent', () => {
  it('links a teacher and a parent of the same unit once', async () => {
    const unit = await school();
    const teacher = await user(unit.id, 'teacher', 2);
    const parent = await user(unit.id, 'parent', 3);
    expect(await admin.linkTeacherParent('teacher', 'parent')).toEqual({
      teacherId: teacher.id,
      parentId: parent.id,
      created: true,
    });
    expect((await admin.linkTeacherParent('teacher', 'parent')).created).toBe(false);
    expect(await handle.db.selectFrom('user_links').selectAll().execute()).toHaveLength(1);
    expect(await audit('admin.link_accounts')).toHaveLength(1);
  });

  it('enforces types, the same unit and one link per account', async () => {
    const unit = await school();
    const other = await admin.createUnit({ name: '月亮小学', unitType: 2 });
    await user(unit.id, 'teacher', 2);
    await user(unit.id, 'teacher2', 2);
    await user(unit.id, 'parent', 3);
    await user(unit.id, 'parent2', 3);
    await user(other.id, 'far-parent', 3);

    expect(await fieldErrors(admin.linkTeacherParent('parent', 'teacher'))).toEqual([
      'teacher: "parent" is not a teacher account (user type 2)',
      'parent: "teacher" is not a parent account (user type 3)',
    ]);
    expect(await fieldErrors(admin.linkTeacherParent('teacher', 'far-parent'))).toEqual([
      'parent: The teacher and parent accounts must belong to the same unit',
    ]);
    expect(await fieldErrors(admin.linkTeacherParent('teacher', 'ghost'))).toEqual([
      '-: No user with login name "ghost"',
    ]);

    await admin.linkTeacherParent('teacher', 'parent');
    expect(await fieldErrors(admin.linkTeacherParent('teacher', 'parent2'))).toEqual([
      'teacher: "teacher" is already linked to another parent account',
    ]);
    expect(await fieldErrors(admin.linkTeacherParent('teacher2', 'parent'))).toEqual([
      'parent: "parent" is already linked to another teacher account',
    ]);
  });
});

describe('setLicence', () => {
  async function withApps() {
    await handle.db
      .insertInto('app_groups')
      .values({ code: 'g', name: '组', en_name: 'Group', sort: 1 })
      .execute();
    const app = {
      group_code: 'g',
      short_name: 'x',
      english_short_name: 'x',
      front_user_type: '1,2,3,4',
      limit_user_type: '1,2,3,4',
      icon_color: '#000000',
      update_status: 1,
      deploy_path: null,
      menu_route: null,
      sort: 1,
    };
    await handle.db
      .insertInto('apps')
      .values([
        { ...app, code: 'cms', name: '信息发布', english_name: 'News', server_id: 'cms' },
        { ...app, code: 'canteen', name: '食堂', english_name: 'Canteen', server_id: 'food' },
      ])
      .execute();
    return school();
  }
  const base = () => new BaseRepository(handle.db);

  it('writes the row the base licence check reads, through the whole named day, and audits it', async () => {
    const unit = await withApps();
    const first = await admin.setLicence({ unitId: unit.id, app: 'cms', until: '2027-03-01' });
    const endOfDay = new Date(2027, 2, 2).getTime();
    expect(first).toEqual({
      unitId: unit.id,
      appCode: 'cms',
      endTime: endOfDay,
      previousEndTime: null,
    });
    expect(await base().licenceEnd(unit.id, 'cms')).toBe(endOfDay);

    // Again: the row is replaced, not duplicated, and the audit keeps the old end.
    const second = await admin.setLicence({ unitId: unit.id, app: 'cms', until: 'expired' });
    expect(second).toMatchObject({ endTime: NOW, previousEndTime: endOfDay });
    expect(await base().licenceEnd(unit.id, 'cms')).toBe(NOW);
    expect(await handle.db.selectFrom('licences').selectAll().execute()).toHaveLength(1);
    const entries = await audit('admin.set_licence');
    expect(entries).toHaveLength(2);
    expect(
      entries.map((e) => JSON.parse(e.detail ?? '{}') as Record<string, unknown>),
    ).toContainEqual(
      expect.objectContaining({ appCode: 'cms', endTime: NOW, previousEndTime: endOfDay }),
    );
  });

  it('finds an app by its server id', async () => {
    const unit = await withApps();
    const result = await admin.setLicence({ unitId: unit.id, app: 'food', until: 'EXPIRED' });
    expect(result.appCode).toBe('canteen');
    expect(await base().licenceEnd(unit.id, 'canteen')).toBe(NOW);
  });

  it('refuses an unknown unit or app and a date that is not a real YYYY-MM-DD, changing nothing', async () => {
    const unit = await withApps();
    expect(
      await fieldErrors(admin.setLicence({ unitId: 'nope', app: 'ghost', until: 'tomorrow' })),
    ).toEqual([
      'unitId: Unit "nope" does not exist',
      'app: App "ghost" does not exist',
      'until: The end date must be a real date as YYYY-MM-DD, or "expired"; got "tomorrow"',
    ]);
    for (const until of ['2027-02-30', '2027-13-01', '27-03-01', '0099-01-01']) {
      expect(await fieldErrors(admin.setLicence({ unitId: unit.id, app: 'cms', until }))).toEqual([
        `until: The end date must be a real date as YYYY-MM-DD, or "expired"; got "${until}"`,
      ]);
    }
    expect(await handle.db.selectFrom('licences').selectAll().execute()).toEqual([]);
    expect(await audit('admin.set_licence')).toEqual([]);
  });
});

describe('setMessageConfig (spec §2 pcOpen)', () => {
  it('sets and changes a unit’s pcOpen, audited with the previous value', async () => {
    const unit = await school();
    expect(await admin.setMessageConfig({ unitId: unit.id, pcOpen: '1' })).toEqual({
      unitId: unit.id,
      pcOpen: 1,
      previousPcOpen: 0,
    });
    expect(await admin.setMessageConfig({ unitId: ` ${unit.id} `, pcOpen: ' 0 ' })).toEqual({
      unitId: unit.id,
      pcOpen: 0,
      previousPcOpen: 1,
    });
    // The columns this setting shares a row with (the download addresses have their own test).
    const rows = await handle.db
      .selectFrom('unit_desktop_settings')
      .select(['unit_id', 'message_pc_open', 'sso_login_url', 'updated_at'])
      .execute();
    expect(rows).toEqual([
      { unit_id: unit.id, message_pc_open: 0, sso_login_url: null, updated_at: NOW },
    ]);
    const entries = await audit('admin.set_message_config');
    expect(entries.map((e) => JSON.parse(e.detail ?? '{}') as unknown)).toEqual([
      { unitId: unit.id, pcOpen: 1, previousPcOpen: 0 },
      { unitId: unit.id, pcOpen: 0, previousPcOpen: 1 },
    ]);
  });

  it('refuses an unknown unit and a value other than 0 or 1, changing nothing', async () => {
    expect(await fieldErrors(admin.setMessageConfig({ unitId: 'nope', pcOpen: 'yes' }))).toEqual([
      'unitId: Unit "nope" does not exist',
      'pcOpen: pcOpen must be 0 or 1, got "yes"',
    ]);
    expect(await handle.db.selectFrom('unit_desktop_settings').selectAll().execute()).toEqual([]);
    expect(await audit('admin.set_message_config')).toEqual([]);
  });
});

describe('setSsoUrl (spec §7 single-sign-on URL)', () => {
  it('sets and removes an http(s) URL, keeping pcOpen, audited', async () => {
    const unit = await school();
    await admin.setMessageConfig({ unitId: unit.id, pcOpen: '1' });
    expect(await admin.setSsoUrl({ unitId: unit.id, url: 'https://sso.example/login' })).toEqual({
      unitId: unit.id,
      url: 'https://sso.example/login',
      previousUrl: null,
    });
    const row = await handle.db.selectFrom('unit_desktop_settings').selectAll().executeTakeFirst();
    expect(row).toMatchObject({ message_pc_open: 1, sso_login_url: 'https://sso.example/login' });
    expect(await admin.setSsoUrl({ unitId: unit.id, url: 'NONE' })).toMatchObject({
      url: null,
      previousUrl: 'https://sso.example/login',
    });
    expect(await audit('admin.set_sso_url')).toHaveLength(2);
  });

  it('refuses anything but an http(s) URL, so no open redirect can be configured', async () => {
    const unit = await school();
    for (const url of [
      'javascript:alert(1)',
      '/relative',
      'ftp://x.example/',
      'https://u:p@x.example/',
    ]) {
      expect(await fieldErrors(admin.setSsoUrl({ unitId: unit.id, url }))).toEqual([
        `url: The single-sign-on URL must be an http(s) URL, or empty (or "none") for none; got "${url}"`,
      ]);
    }
    expect(await audit('admin.set_sso_url')).toEqual([]);
  });
});

describe('setClientUrl (spec §2 download-client dialog, issue 10 §4)', () => {
  it('sets and removes each package’s address, keeping the other settings, audited', async () => {
    const unit = await school();
    await admin.setSsoUrl({ unitId: unit.id, url: 'https://sso.example/login' });
    expect(
      await admin.setClientUrl({
        unitId: unit.id,
        kind: 'installer',
        url: ' https://dl.example.edu/Setup.exe ',
      }),
    ).toEqual({
      unitId: unit.id,
      kind: 'installer',
      url: 'https://dl.example.edu/Setup.exe',
      previousUrl: null,
    });
    await admin.setClientUrl({
      unitId: unit.id,
      kind: 'Portable',
      url: 'http://dl.example.edu/p.zip',
    });
    expect(
      await handle.db.selectFrom('unit_desktop_settings').selectAll().executeTakeFirst(),
    ).toMatchObject({
      sso_login_url: 'https://sso.example/login',
      client_installer_url: 'https://dl.example.edu/Setup.exe',
      client_portable_url: 'http://dl.example.edu/p.zip',
    });
    expect(await admin.setClientUrl({ unitId: unit.id, kind: 'installer', url: 'none' })).toEqual({
      unitId: unit.id,
      kind: 'installer',
      url: null,
      previousUrl: 'https://dl.example.edu/Setup.exe',
    });
    expect(
      await handle.db.selectFrom('unit_desktop_settings').selectAll().executeTakeFirst(),
    ).toMatchObject({
      client_installer_url: null,
      client_portable_url: 'http://dl.example.edu/p.zip',
    });
    const entries = await audit('admin.set_client_url');
    expect(entries.map((e) => JSON.parse(e.detail ?? '{}') as unknown)).toEqual([
      {
        unitId: unit.id,
        kind: 'installer',
        url: 'https://dl.example.edu/Setup.exe',
        previousUrl: null,
      },
      { unitId: unit.id, kind: 'portable', url: 'http://dl.example.edu/p.zip', previousUrl: null },
      {
        unitId: unit.id,
        kind: 'installer',
        url: null,
        previousUrl: 'https://dl.example.edu/Setup.exe',
      },
    ]);
  });

  it('refuses by contracts’ rule, an unknown unit and package, changing nothing', async () => {
    const unit = await school();
    const notHttp =
      'url: The download address must be a full URL starting with http:// or https:// (not javascript: nor a relative path), or "none"';
    for (const url of ['javascript:alert(1)', '/downloads/x.exe', 'ftp://dl.example.edu/x.exe']) {
      expect(
        await fieldErrors(admin.setClientUrl({ unitId: unit.id, kind: 'installer', url })),
      ).toEqual([notHttp]);
    }
    expect(
      await fieldErrors(
        admin.setClientUrl({
          unitId: unit.id,
          kind: 'installer',
          url: 'https://x.example/a\u0000',
        }),
      ),
    ).toEqual(['url: The download address must not contain spaces or control characters']);
    expect(
      await fieldErrors(
        admin.setClientUrl({
          unitId: unit.id,
          kind: 'installer',
          url: `https://x.example/${'a'.repeat(2048)}`,
        }),
      ),
    ).toEqual(['url: The download address must be at most 2048 characters']);
    expect(
      await fieldErrors(
        admin.setClientUrl({ unitId: 'nope', kind: 'setup', url: 'javascript:alert(1)' }),
      ),
    ).toEqual([
      'unitId: Unit "nope" does not exist',
      'kind: The package must be "installer" or "portable", got "setup"',
      notHttp,
    ]);
    expect(await handle.db.selectFrom('unit_desktop_settings').selectAll().execute()).toEqual([]);
    expect(await audit('admin.set_client_url')).toEqual([]);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it, expect } from 'vitest';
import { FileStore } from '../../modules/storage/file-store.ts';
import { DiskObjectStore } from '../../modules/storage/object-store.ts';
import { StorageRepository } from '../../modules/storage/storage.repository.ts';
import { verifyPassword } from '../../modules/uaa/password.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../database.ts';
import type { Database } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_SCHOOL_ID, seedDemoSchool } from './demo-school.ts';

const EXPIRY_WINDOW_MS = 7_776_000_000;
const NOW = Date.UTC(2026, 2, 16, 8, 0, 0);

interface Target {
  name: string;
  open(dataDir: string): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'SQLite',
    open: (dataDir) =>
      Promise.resolve({ handle: openDatabase({ dataDir }), cleanup: () => Promise.resolve() }),
  },
];

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  targets.push({
    name: 'PostgreSQL',
    async open(dataDir) {
      const dbName = `portal_seed_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(pgUrl);
      url.pathname = `/${dbName}`;
      const handle = openDatabase({ databaseUrl: url.toString(), dataDir });
      return {
        handle,
        cleanup: async () => {
          const client = new pg.Client({ connectionString: pgUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
          await client.end();
        },
      };
    },
  });
}

const TABLES = [
  'units',
  'users',
  'user_links',
  'students',
  'parent_children',
  'audit_log',
  'user_roles',
  'app_groups',
  'apps',
  'messages',
  'todos',
  'licences',
  'app_versions',
  'oauth_clients',
  'files',
  'cms_notices',
  'cms_notice_reads',
  'unit_desktop_settings',
] as const satisfies readonly (keyof Database)[];

async function rowCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe.each(targets)('seedDemoSchool on $name', (target) => {
  it(
    'seeds the DESIGN.md §3 demo school once, and a second run changes nothing',
    { timeout: 30_000 },
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-seed-'));
      const { handle, cleanup } = await target.open(dataDir);
      try {
        await migrateToLatest(handle.db);
        const files = new FileStore(
          new DiskObjectStore(path.join(dataDir, 'files')),
          new StorageRepository(handle.db),
        );
        const { db } = handle;

        expect(await seedDemoSchool(db, files, NOW)).toEqual({ created: true });

        // Units, with logos in the file store.
        const units = await db.selectFrom('units').selectAll().orderBy('unit_type').execute();
        expect(units.map((u) => [u.en_name, u.unit_type])).toEqual([
          ['East District Education Bureau', 1],
          ['Sunshine Primary School', 2],
        ]);
        const [area, school] = units;
        expect(school?.parent_id).toBe(area?.id);
        expect(school?.help_center).toBe(1);
        expect(school?.autologin).toBe(1);
        expect(school?.footer_link).toMatch(/^https:\/\//);
        const decoration = JSON.parse(school?.decoration_set ?? '{}') as {
          themeList: unknown[];
          footerMsg: { show: boolean; showBaMsg: boolean; baList: unknown[] };
        };
        expect(decoration.themeList.length).toBeGreaterThan(1);
        expect(decoration.footerMsg).toMatchObject({ show: true, showBaMsg: true });
        expect(decoration.footerMsg.baList).toHaveLength(2);
        for (const unit of units) {
          const logo = await files.get(unit.logo_file_id ?? '');
          expect(logo?.mime).toBe('image/svg+xml');
          expect(logo?.bytes.toString('utf8')).toMatch(
            /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/,
          );
        }

        // Accounts and their passwords.
        const users = await db.selectFrom('users').selectAll().execute();
        const byLogin = new Map(users.map((u) => [u.login_name, u]));
        for (const account of DEMO_ACCOUNTS) {
          const user = byLogin.get(account.login);
          expect(user?.user_type, account.login).toBe(account.userType);
          expect(user?.unit_id).toBe(account.unit === 'school' ? school?.id : area?.id);
          expect(await verifyPassword(user?.password_hash ?? '', account.password)).toBe(true);
        }
        expect(DEMO_ACCOUNTS.map((a) => a.login).sort()).toEqual(
          ['admin', 'area', 'parent', 'parent1', 'staff', 'teacher'].sort(),
        );
        const teacher = byLogin.get('teacher');
        const parent = byLogin.get('parent');
        const parent1 = byLogin.get('parent1');
        expect(teacher?.real_name).toBe(parent?.real_name);

        const links = await db.selectFrom('user_links').selectAll().execute();
        expect(links.map((l) => [l.teacher_id, l.parent_id])).toEqual([[teacher?.id, parent?.id]]);
        const roles = await db.selectFrom('user_roles').selectAll().execute();
        expect(roles).toContainEqual({
          user_id: byLogin.get('admin')?.id,
          app_code: 'base',
          role: 'XX_SYS_',
        });

        const children = await db
          .selectFrom('parent_children')
          .innerJoin('students', 'students.id', 'parent_children.student_id')
          .select([
            'parent_children.parent_id',
            'students.id',
            'real_name',
            'grade_name',
            'class_name',
          ])
          .execute();
        const parentsChildren = children.filter((c) => c.parent_id === parent?.id);
        expect(
          parentsChildren.map((c) => [c.real_name, c.grade_name, c.class_name]).sort(),
        ).toEqual([
          ['Li Hua', 'Grade 5', 'Class 1'],
          ['Li Ming', 'Grade 3', 'Class 2'],
        ]);
        expect(children.filter((c) => c.parent_id === parent1?.id)).toHaveLength(1);
        expect(parentsChildren.find((c) => c.id === parent?.current_child_id)?.real_name).toBe(
          'Li Ming',
        );

        // Apps: 3 groups, at least 14 apps, exactly one hidden, the required codes present.
        const groups = await db.selectFrom('app_groups').selectAll().execute();
        expect(groups).toHaveLength(3);
        const apps = await db.selectFrom('apps').selectAll().execute();
        expect(apps.length).toBeGreaterThanOrEqual(14);
        expect(new Set(apps.map((a) => a.group_code))).toEqual(new Set(groups.map((g) => g.code)));
        expect(apps.filter((a) => a.update_status === 0)).toHaveLength(1);
        for (const code of ['base', 'edu', 'cms', 'evaluate', 'repair']) {
          expect(apps.map((a) => a.code)).toContain(code);
        }
        const types = (a: { limit_user_type: string }) => a.limit_user_type.split(',');
        expect(apps.some((a) => types(a).includes('2') && types(a).includes('3'))).toBe(true);
        expect(apps.some((a) => types(a).join(',') === '2,4')).toBe(true);

        // Teacher's messages: 120+ unread, every importance, one openWay 1 covering all states.
        const messages = await db
          .selectFrom('messages')
          .selectAll()
          .where('user_id', '=', teacher?.id ?? '')
          .execute();
        const unread = messages.filter((m) => m.read_at === null);
        expect(unread.length).toBeGreaterThanOrEqual(120);
        expect(new Set(unread.map((m) => m.importance))).toEqual(new Set([1, 2, 3, 4, 5]));
        const allOpenWay1 = await db
          .selectFrom('messages')
          .selectAll()
          .where('open_way', '=', 1)
          .execute();
        expect(allOpenWay1).toHaveLength(1);
        const modules = JSON.parse(allOpenWay1[0]?.content ?? '[]') as {
          code: string;
          endTime: number;
        }[];
        const states = new Set(
          modules.map((m) =>
            m.endTime < NOW ? 'expired' : m.endTime <= NOW + EXPIRY_WINDOW_MS ? 'soon' : 'in-use',
          ),
        );
        expect(states).toEqual(new Set(['expired', 'soon', 'in-use']));
        for (const login of ['parent', 'staff']) {
          const own = await db
            .selectFrom('messages')
            .select('id')
            .where('user_id', '=', byLogin.get(login)?.id ?? '')
            .execute();
          expect(own.length, login).toBeGreaterThan(0);
        }

        const todos = await db
          .selectFrom('todos')
          .selectAll()
          .where('user_id', '=', teacher?.id ?? '')
          .execute();
        expect(todos).toHaveLength(7);

        // Licences: every visible app for the school, exactly one expired; the area has some.
        const licences = await db.selectFrom('licences').selectAll().execute();
        const schoolLicences = licences.filter((l) => l.unit_id === DEMO_SCHOOL_ID);
        const visible = apps.filter((a) => a.update_status !== 0).map((a) => a.code);
        expect(schoolLicences.map((l) => l.app_code).sort()).toEqual([...visible].sort());
        expect(schoolLicences.filter((l) => l.end_time < NOW)).toHaveLength(1);
        expect(licences.filter((l) => l.unit_id === area?.id).length).toBeGreaterThan(0);

        const versions = await db.selectFrom('app_versions').selectAll().execute();
        for (const app of apps) {
          const own = versions.filter((v) => v.app_code === app.code);
          expect(own.length, app.code).toBeGreaterThan(0);
          for (const v of own) {
            expect(v.version).toMatch(/^\d+\.\d+\.\d+$/);
            expect(v.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
            const metto = JSON.parse(v.metto) as { cn: string; en: string }[];
            expect(metto.length).toBeGreaterThan(0);
            expect(metto.every((n) => n.cn && n.en)).toBe(true);
          }
        }

        const client = await db
          .selectFrom('oauth_clients')
          .selectAll()
          .where('client_id', '=', 'demo-client')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(client.redirect_uris)).toEqual(['http://127.0.0.1:8090/callback']);

        // The cms sample app: a whole-school notice Li Ming has read, and one for his class.
        const notices = await db
          .selectFrom('cms_notices')
          .selectAll()
          .orderBy('published_at')
          .execute();
        expect(
          notices.map((n) => [n.unit_id, n.author_id, n.audience_grade, n.audience_class]),
        ).toEqual([
          [DEMO_SCHOOL_ID, teacher?.id, null, null],
          [DEMO_SCHOOL_ID, teacher?.id, 'Grade 3', 'Class 2'],
        ]);
        const reads = await db.selectFrom('cms_notice_reads').selectAll().execute();
        expect(reads.map((r) => [r.notice_id, r.student_id, r.parent_id])).toEqual([
          [notices[0]?.id, parentsChildren.find((c) => c.real_name === 'Li Ming')?.id, parent?.id],
        ]);

        // Desktop settings (issue 4): the bell shows the count, no single sign-on, per unit.
        const settings = await db
          .selectFrom('unit_desktop_settings')
          .select(['unit_id', 'message_pc_open', 'sso_login_url'])
          .orderBy('unit_id')
          .execute();
        expect(settings).toEqual(
          [area?.id, school?.id]
            .sort()
            .map((unitId) => ({ unit_id: unitId, message_pc_open: 0, sso_login_url: null })),
        );

        // Second run, later: nothing added, nothing changed.
        const before = await rowCounts(handle);
        const snapshot = await db.selectFrom('users').selectAll().orderBy('id').execute();
        expect(await seedDemoSchool(db, files, NOW + 3_600_000)).toEqual({ created: false });
        expect(await rowCounts(handle)).toEqual(before);
        expect(await db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(snapshot);
      } finally {
        await handle.close();
        await cleanup();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('completes a half-seeded database', { timeout: 30_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-seed-'));
    const { handle, cleanup } = await target.open(dataDir);
    try {
      await migrateToLatest(handle.db);
      const files = new FileStore(
        new DiskObjectStore(path.join(dataDir, 'files')),
        new StorageRepository(handle.db),
      );
      await seedDemoSchool(handle.db, files, NOW);
      const full = await rowCounts(handle);

      // Lose part of the data, as an interrupted first run would.
      await handle.db.deleteFrom('messages').where('id', 'like', 'demo-msg-teacher-1%').execute();
      await handle.db.deleteFrom('todos').execute();
      await handle.db.updateTable('units').set({ logo_file_id: null }).execute();

      expect(await seedDemoSchool(handle.db, files, NOW)).toEqual({ created: true });
      const after = await rowCounts(handle);
      // One more audit row records the repair; everything else is back to the full set.
      expect({ ...after, audit_log: full.audit_log }).toEqual(full);
      const units = await handle.db.selectFrom('units').select('logo_file_id').execute();
      expect(units.every((u) => u.logo_file_id !== null)).toBe(true);
    } finally {
      await handle.close();
      await cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Seeds the demo school of DESIGN.md §3. Idempotent: every row has a stable id or a
 * natural key and is inserted only when missing, so a second run adds and changes
 * nothing, and a run after an interrupted one completes the set.
 */
import { randomUUID } from 'node:crypto';
import type { InsertResult, Kysely, Transaction, UpdateResult } from 'kysely';
import type { FileStore } from '../../modules/storage/file-store.ts';
import { passwordProblem } from '../../modules/admin/admin.service.ts';
import { hashPassword } from '../../modules/uaa/password.ts';
import { newUnitRow, newUserRow } from '../../modules/uaa/uaa.repository.ts';
import type { Database } from '../schema.ts';
import {
  DAY_MS,
  DEMO_APP_GROUPS,
  DEMO_APPS,
  DEMO_RESOURCES,
  DEMO_LINKS,
  DEMO_NOTICES,
  DEMO_ROLES,
  DEMO_STUDENTS,
  DEMO_UNITS,
  DEMO_USERS,
  EXPIRED_LICENCE_APP,
  EXPIRY_WINDOW_MS,
  OAUTH_DEMO_CLIENT,
  OTHER_MESSAGES,
  TEACHER_MESSAGE_TEXTS,
  TEACHER_READ_COUNT,
  TEACHER_TODOS,
  TEACHER_UNREAD_COUNT,
  demoVersions,
  type DemoAccount,
  type DemoUnitKey,
} from './demo-data.ts';
import { EAST_DISTRICT_LOGO_SVG, SUNSHINE_LOGO_SVG } from './demo-logos.ts';

export { DEMO_AREA_ID, DEMO_SCHOOL_ID, EXPIRED_LICENCE_APP } from './demo-data.ts';

/** The demo accounts, for printing at start-up (DESIGN.md §1). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = DEMO_USERS.map(
  ({ login, password, userType, unit, note }) => ({ login, password, userType, unit, note }),
);

const HOUR_MS = 3_600_000;
const YEAR_MS = 365 * DAY_MS;

const LOGOS: Record<DemoUnitKey, { name: string; svg: string }> = {
  area: { name: 'east-district-logo.svg', svg: EAST_DISTRICT_LOGO_SVG },
  school: { name: 'sunshine-primary-logo.svg', svg: SUNSHINE_LOGO_SVG },
};

export async function seedDemoSchool(
  db: Kysely<Database>,
  fileStore: FileStore,
  now = Date.now(),
): Promise<{ created: boolean }> {
  for (const user of DEMO_USERS) {
    // A demo password the product itself would refuse would make a poor demo.
    if (passwordProblem(user.password))
      throw new Error(`Demo password of ${user.login} breaks the rule`);
  }

  // Files first and outside the transaction: SQLite has one connection, which the
  // transaction would hold while the file store waits for it.
  const logoIds = {} as Record<DemoUnitKey, string>;
  for (const key of ['area', 'school'] as const) {
    const logo = LOGOS[key];
    logoIds[key] = (await fileStore.put(logo.name, 'image/svg+xml', Buffer.from(logo.svg))).id;
  }

  // Hash only the missing accounts, also outside the transaction (about 20 ms each).
  const existingLogins = new Set(
    (
      await db
        .selectFrom('users')
        .select('login_name')
        .where(
          'login_name',
          'in',
          DEMO_USERS.map((u) => u.login),
        )
        .execute()
    ).map((r) => r.login_name),
  );
  const hashes = new Map<string, string>();
  for (const user of DEMO_USERS) {
    if (!existingLogins.has(user.login)) hashes.set(user.login, await hashPassword(user.password));
  }

  const changes = await db.transaction().execute(async (trx) => {
    let count = 0;
    count += await seedUnits(trx, logoIds, now);
    const { count: userCount, ids } = await seedUsers(trx, hashes, now);
    count += userCount;
    count += await seedFamilies(trx, ids, now);
    count += await seedApps(trx, now);
    count += await seedMessages(trx, ids, now);
    count += await seedOAuthClient(trx, now);
    count += await seedNotices(trx, ids, now);
    if (count > 0) {
      await trx
        .insertInto('audit_log')
        .values({
          id: randomUUID(),
          at: now,
          user_id: null,
          unit_id: DEMO_UNITS.school.id,
          action: 'seed.demo_school',
          ip: null,
          detail: JSON.stringify({ changedRows: count }),
        })
        .execute();
    }
    return count;
  });
  return { created: changes > 0 };
}

type Trx = Transaction<Database>;

async function seedUnits(
  trx: Trx,
  logoIds: Record<DemoUnitKey, string>,
  now: number,
): Promise<number> {
  let count = 0;
  // The area first: the school names it as its parent.
  for (const key of ['area', 'school'] as const) {
    const unit = DEMO_UNITS[key];
    count += inserted(
      await trx
        .insertInto('units')
        .values({
          ...newUnitRow({
            id: unit.id,
            name: unit.name,
            enName: unit.enName,
            unitType: unit.unitType,
            parentId: unit.parentId,
            createdAt: now,
          }),
          logo_file_id: logoIds[key],
          footer: unit.footer,
          footer_link: unit.footerLink,
          help_center: unit.helpCenter,
          autologin: unit.autologin,
          face_sign_in: unit.faceSignIn,
          decoration_set: JSON.stringify(unit.decorationSet),
        })
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
    // A unit left without a logo by an interrupted run gets one; a chosen logo stays.
    count += updated(
      await trx
        .updateTable('units')
        .set({ logo_file_id: logoIds[key] })
        .where('id', '=', unit.id)
        .where('logo_file_id', 'is', null)
        .execute(),
    );
    // The desktop settings (issue 4); a value set later (CLI) is kept.
    count += inserted(
      await trx
        .insertInto('unit_desktop_settings')
        .values({
          unit_id: unit.id,
          message_pc_open: unit.messagePcOpen,
          sso_login_url: unit.ssoLoginUrl,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
  }
  return count;
}

async function seedUsers(
  trx: Trx,
  hashes: Map<string, string>,
  now: number,
): Promise<{ count: number; ids: Map<string, string> }> {
  let count = 0;
  for (const user of DEMO_USERS) {
    const hash = hashes.get(user.login);
    if (hash === undefined) continue;
    count += inserted(
      await trx
        .insertInto('users')
        .values(
          newUserRow({
            id: user.id,
            unitId: DEMO_UNITS[user.unit].id,
            loginName: user.login,
            realName: user.realName,
            userType: user.userType,
            passwordHash: hash,
            sex: user.sex,
            createdAt: now,
          }),
        )
        .onConflict((oc) => oc.doNothing())
        .execute(),
    );
  }
  // Look the ids up by login: an account made earlier (e.g. by the CLI) keeps its own id.
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'login_name'])
    .where(
      'login_name',
      'in',
      DEMO_USERS.map((u) => u.login),
    )
    .execute();
  return { count, ids: new Map(rows.map((r) => [r.login_name, r.id])) };
}

async function seedFamilies(trx: Trx, ids: Map<string, string>, now: number): Promise<number> {
  const id = (login: string): string => {
    const found = ids.get(login);
    if (!found) throw new Error(`Demo account ${login} is missing`);
    return found;
  };
  let count = 0;
  count += inserted(
    await trx
      .insertInto('students')
      .values(
        DEMO_STUDENTS.map((s) => ({
          id: s.id,
          unit_id: DEMO_UNITS.school.id,
          real_name: s.realName,
          grade_name: s.grade,
          class_name: s.class,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  count += inserted(
    await trx
      .insertInto('parent_children')
      .values(
        DEMO_STUDENTS.map((s) => ({ parent_id: id(s.parent), student_id: s.id, created_at: now })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  // Each parent starts on their first child.
  for (const login of new Set(DEMO_STUDENTS.map((s) => s.parent))) {
    const first = DEMO_STUDENTS.find((s) => s.parent === login);
    if (!first) continue;
    count += updated(
      await trx
        .updateTable('users')
        .set({ current_child_id: first.id })
        .where('id', '=', id(login))
        .where('current_child_id', 'is', null)
        .execute(),
    );
  }
  count += inserted(
    await trx
      .insertInto('user_links')
      .values(
        DEMO_LINKS.map((l) => ({
          teacher_id: id(l.teacher),
          parent_id: id(l.parent),
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  count += inserted(
    await trx
      .insertInto('user_roles')
      .values(DEMO_ROLES.map((r) => ({ user_id: id(r.login), app_code: r.appCode, role: r.role })))
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  return count;
}

async function seedApps(trx: Trx, now: number): Promise<number> {
  let count = 0;
  count += inserted(
    await trx
      .insertInto('app_groups')
      .values(
        DEMO_APP_GROUPS.map((g) => ({
          code: g.code,
          name: g.name,
          en_name: g.enName,
          sort: g.sort,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  count += inserted(
    await trx
      .insertInto('apps')
      .values(
        DEMO_APPS.map((app, index) => ({
          code: app.code,
          group_code: app.group,
          name: app.name,
          short_name: app.shortName,
          english_name: app.englishName,
          english_short_name: app.englishShortName,
          server_id: app.serverId,
          deploy_path: null,
          update_status: app.updateStatus,
          menu_route: `/${app.code}/home`,
          front_user_type: app.userTypes,
          limit_user_type: app.userTypes,
          icon_color: app.iconColor,
          sort: index + 1,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  const visible = DEMO_APPS.filter((a) => a.updateStatus !== 0);
  const licences = [
    ...visible.map((app) => ({
      unit_id: DEMO_UNITS.school.id,
      app_code: app.code,
      end_time: app.code === EXPIRED_LICENCE_APP ? now - 15 * DAY_MS : now + YEAR_MS,
    })),
    ...visible.map((app) => ({
      unit_id: DEMO_UNITS.area.id,
      app_code: app.code,
      end_time: now + YEAR_MS,
    })),
  ];
  count += inserted(
    await trx
      .insertInto('licences')
      .values(licences)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  const versions = DEMO_APPS.flatMap((app) =>
    demoVersions(app).map((v) => ({
      id: `demo-version-${app.code}-${v.version}`,
      app_code: app.code,
      version: v.version,
      date: v.date,
      metto: JSON.stringify(v.metto),
    })),
  );
  count += inserted(
    await trx
      .insertInto('app_versions')
      .values(versions)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  count += inserted(
    await trx
      .insertInto('resources')
      .values(
        DEMO_RESOURCES.map((r, index) => ({
          id: r.id,
          app_code: r.app,
          parent_id: r.parent,
          code: r.code,
          name: r.name,
          en_name: r.enName,
          resource_type: r.type,
          menu_route: r.route,
          user_types: r.userTypes,
          sort: index + 1,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  // Spec §7 `{code}_package_versions`: the server each app talks to, and the front end it needs.
  count += inserted(
    await trx
      .insertInto('app_server_versions')
      .values(
        DEMO_APPS.map((app) => ({
          app_code: app.code,
          server_version: DEMO_SERVER_VERSION.serverVersion,
          web_code_version: demoVersions(app)[0]?.version ?? '1.0.0',
          date: DEMO_SERVER_VERSION.date,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  return count;
}

/** The demo server's version for every app (spec §3 server version reply). */
export const DEMO_SERVER_VERSION = { serverVersion: '1.2.0', date: '2026-03-01' } as const;

async function seedMessages(trx: Trx, ids: Map<string, string>, now: number): Promise<number> {
  const teacherId = ids.get('teacher');
  if (!teacherId) throw new Error('Demo account teacher is missing');
  // Seeded messages come from no feed send (migration 0011's send_id stays null).
  const rows: Omit<Database['messages'], 'send_id'>[] = [];

  for (let i = 0; i < TEACHER_UNREAD_COUNT + TEACHER_READ_COUNT; i++) {
    const group = TEACHER_MESSAGE_TEXTS[i % TEACHER_MESSAGE_TEXTS.length];
    if (!group) continue;
    const round = Math.floor(i / TEACHER_MESSAGE_TEXTS.length);
    const text = (group.texts[round % group.texts.length] ?? '').replaceAll(
      '{n}',
      String(3 + round),
    );
    const unread = i < TEACHER_UNREAD_COUNT;
    // Newest first, about four hours apart: 132 messages cover the last three weeks.
    const date = now - (i * 4 + 1) * HOUR_MS - ((i * 37) % 60) * 60_000;
    rows.push({
      id: `demo-msg-teacher-${String(i + 1).padStart(3, '0')}`,
      user_id: teacherId,
      message_meno: text,
      module: group.module,
      message_date: date,
      // Cycles through 1..5 in a shuffled order so every level shows up near the top.
      importance: ((i * 3 + 2) % 5) + 1,
      open_way: 0,
      url: null,
      content: null,
      read_at: unread ? null : date + HOUR_MS,
    });
  }

  // The one message that opens the module-expiry list (spec §3 openWay 1, §4 module status).
  rows.push({
    id: 'demo-msg-teacher-expiry',
    user_id: teacherId,
    message_meno: '您单位有应用模块已过期或即将到期，请查看模块到期情况并及时续订',
    module: 'base',
    message_date: now - 30 * 60_000,
    importance: 5,
    open_way: 1,
    url: null,
    content: JSON.stringify([
      { code: EXPIRED_LICENCE_APP, endTime: now - 15 * DAY_MS },
      { code: 'canteen', endTime: now + 30 * DAY_MS },
      { code: 'cms', endTime: now + EXPIRY_WINDOW_MS + 180 * DAY_MS },
      { code: 'edu', endTime: now + YEAR_MS },
    ]),
    read_at: null,
  });

  for (const { login, items } of OTHER_MESSAGES) {
    const userId = ids.get(login);
    if (!userId) throw new Error(`Demo account ${login} is missing`);
    items.forEach((item, index) => {
      rows.push({
        id: `demo-msg-${login}-${String(index + 1).padStart(3, '0')}`,
        user_id: userId,
        message_meno: item.text,
        module: item.module,
        message_date: now - (index * 9 + 2) * HOUR_MS,
        importance: item.importance,
        open_way: 0,
        url: null,
        content: null,
        read_at: null,
      });
    });
  }

  let count = inserted(
    await trx
      .insertInto('messages')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );

  count += inserted(
    await trx
      .insertInto('todos')
      .values(
        TEACHER_TODOS.map((todo, index) => ({
          id: `demo-todo-${index + 1}`,
          user_id: teacherId,
          title: todo.title,
          module: todo.module,
          url: null,
          created_at: now - (index * 5 + 1) * HOUR_MS,
          done_at: null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  return count;
}

async function seedOAuthClient(trx: Trx, now: number): Promise<number> {
  return inserted(
    await trx
      .insertInto('oauth_clients')
      .values({
        client_id: OAUTH_DEMO_CLIENT.clientId,
        name: OAUTH_DEMO_CLIENT.name,
        redirect_uris: JSON.stringify(OAUTH_DEMO_CLIENT.redirectUris),
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
}

/** The cms sample app's notices and a read record (DESIGN.md §3: a new user sees data). */
async function seedNotices(trx: Trx, ids: Map<string, string>, now: number): Promise<number> {
  const id = (login: string): string => {
    const found = ids.get(login);
    if (!found) throw new Error(`Demo account ${login} is missing`);
    return found;
  };
  const notices = DEMO_NOTICES.map((n) => ({ ...n, publishedAt: now - n.hoursAgo * HOUR_MS }));
  let count = inserted(
    await trx
      .insertInto('cms_notices')
      .values(
        notices.map((n) => ({
          id: n.id,
          unit_id: DEMO_UNITS.school.id,
          author_id: id(n.author),
          title: n.title,
          content: n.content,
          audience_grade: n.grade,
          audience_class: n.class,
          published_at: n.publishedAt,
          created_at: n.publishedAt,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  count += inserted(
    await trx
      .insertInto('cms_notice_reads')
      .values(
        notices.flatMap((n) =>
          n.reads.map((r) => ({
            notice_id: n.id,
            student_id: r.student,
            parent_id: id(r.parent),
            read_at: n.publishedAt + r.hoursAfter * HOUR_MS,
          })),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
  return count;
}

function inserted(results: InsertResult[]): number {
  return results.reduce((sum, r) => sum + Number(r.numInsertedOrUpdatedRows ?? 0), 0);
}

function updated(results: UpdateResult[]): number {
  return results.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0);
}

/**
 * The admin CLI: `npm run admin -- <command> [--flags]`. Uses the same configuration as
 * the server (DATA_DIR, DATABASE_URL, FILE_STORE), migrates the database first, and
 * prints one line per run. Passwords are never printed.
 */
import { parseArgs } from 'node:util';
import { AppError } from '../core/errors.ts';
import { isEmailAddress } from '@campus/contracts/account-recovery';
import { MESSAGE_LANGUAGE_SEPARATOR } from '@campus/contracts/envelope';
import { loadConfig, type AppConfig } from '../config.ts';
import { backupDatabase } from '../db/backup.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { DEMO_ACCOUNTS, seedDemoSchool } from '../db/seed/demo-school.ts';
import type { AdminService, ChildRef } from '../modules/admin/admin.service.ts';
import { OidcClientsService } from '../modules/oidc/oidc-clients.service.ts';
import { OidcRepository } from '../modules/oidc/oidc.repository.ts';
import { newSigningKey } from '../modules/oidc/oidc.service.ts';
import { FileStore } from '../modules/storage/file-store.ts';
import { openObjectStore } from '../modules/storage/open-object-store.ts';
import { StorageRepository } from '../modules/storage/storage.repository.ts';
import { createAdminService } from './admin-service.ts';
import { createRecoveryAdmin } from './recovery-admin.ts';
import { createAppCredentials } from './feed-admin.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { AuditService } from '../modules/audit/audit.service.ts';
import { SocialRepository } from '../modules/social/social.repository.ts';
import { setSocialProvider } from '../modules/social/social.service.ts';

const OPTIONS = {
  name: { type: 'string' },
  'en-name': { type: 'string' },
  'unit-name': { type: 'string' },
  type: { type: 'string' },
  parent: { type: 'string' },
  unit: { type: 'string' },
  login: { type: 'string' },
  password: { type: 'string' },
  student: { type: 'string' },
  grade: { type: 'string' },
  class: { type: 'string' },
  teacher: { type: 'string' },
  app: { type: 'string' },
  until: { type: 'string' },
  'pc-open': { type: 'string' },
  url: { type: 'string' },
  package: { type: 'string' },
  email: { type: 'string' },
  client: { type: 'string' },
  'app-id': { type: 'string' },
  'agent-id': { type: 'string' },
  secret: { type: 'string' },
  to: { type: 'string' },
} as const;

type Flag = keyof typeof OPTIONS;
type Flags = Partial<Record<Flag, string>>;

interface Context {
  config: AppConfig;
  handle: DatabaseHandle;
  admin: AdminService;
}

interface Command {
  usage: string;
  summary: string;
  flags: readonly Flag[];
  run(flags: Flags, context: Context): Promise<string>;
}

/** Thrown for wrong command-line use; printed with the command's usage. */
class UsageError extends Error {}

const COMMANDS: Record<string, Command> = {
  'register-client': {
    usage:
      'register-client --client <client id> --name <name> --url <redirect URI>[,<redirect URI>…] [--secret <secret>]',
    summary:
      'Register (or update) an OpenID Connect client with its exact redirect URIs; with --secret it is confidential, else public (PKCE).',
    flags: ['client', 'name', 'url', 'secret'],
    async run(flags, { handle }) {
      const redirectUris = required(flags, 'url')
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== '');
      const clientId = required(flags, 'client');
      // The console's rules (issue 13 §2): id, name, exact absolute http(s) URIs, no fragment.
      await new OidcClientsService(new OidcRepository(handle.db), Date.now).register(
        {
          clientId,
          name: required(flags, 'name'),
          redirectUris,
          clientSecret: flags.secret ?? null,
        },
        { replace: true },
      );
      const kind = flags.secret ? 'confidential' : 'public';
      return `Registered ${kind} client "${clientId}" with ${redirectUris.length} redirect URI(s)`;
    },
  },
  'rotate-oidc-key': {
    usage: 'rotate-oidc-key',
    summary:
      'Add a new ID-token signing key; the old ones keep verifying for a day. Running servers sign with it within a minute.',
    flags: [],
    async run(_flags, { handle }) {
      const key = newSigningKey(Date.now());
      await new OidcRepository(handle.db).addSigningKey(key, true);
      return `New signing key ${key.kid}`;
    },
  },
  'create-unit': {
    usage:
      'create-unit --name <name> [--en-name <English name>] --type <1|area|2|school> [--parent <area unit id>]',
    summary: 'Create an area (type 1) or a school (type 2), optionally under an area.',
    flags: ['name', 'en-name', 'type', 'parent'],
    async run(flags, { admin }) {
      const unit = await admin.createUnit({
        name: required(flags, 'name'),
        enName: flags['en-name'] ?? null,
        unitType: unitType(required(flags, 'type')),
        parentId: flags.parent ?? null,
      });
      const parent = unit.parentId ? `, parent ${unit.parentId}` : '';
      return `Created unit "${unit.name}" (id ${unit.id}, type ${unit.unitType}${parent})`;
    },
  },
  'create-admin': {
    usage:
      'create-admin (--unit <unit id> | --unit-name <school name> [--en-name <English name>]) --login <login name> [--name <real name>] --password <password|->',
    summary:
      'Create an administrator (base-admin role) of a unit; on an empty database the school --unit-name is created first (issue 13 §5).',
    flags: ['unit', 'unit-name', 'en-name', 'login', 'name', 'password'],
    async run(flags, { admin }) {
      if (flags.unit !== undefined && flags['unit-name'] !== undefined)
        throw new UsageError('Give either --unit or --unit-name, not both');
      if (flags['en-name'] !== undefined && flags['unit-name'] === undefined)
        throw new UsageError('--en-name names a new school: give it with --unit-name');
      const result = await admin.createAdmin({
        unitId: flags.unit ?? null,
        unitName: flags['unit-name'] ?? null,
        unitEnName: flags['en-name'] ?? null,
        loginName: required(flags, 'login'),
        // A person's name can be corrected in the console; the command stays short.
        realName: flags.name ?? '管理员',
        password: await password(flags),
      });
      const { user, createdUnit } = result;
      const unit = createdUnit
        ? `the new school "${createdUnit.name}" (id ${createdUnit.id})`
        : `unit ${user.unitId}`;
      return (
        `Created administrator "${user.loginName}" (${user.realName}, id ${user.id}) of ${unit}. ` +
        'Sign in at /login; the administration console is at /admin.'
      );
    },
  },
  'create-user': {
    usage:
      'create-user --unit <unit id> --login <login name> --name <real name> --type <1|2|3|4> --password <password|-> [--email <address>]',
    summary: 'Create an account. Types: 1 unit staff, 2 teacher, 3 parent, 4 other staff.',
    flags: ['unit', 'login', 'name', 'type', 'password', 'email'],
    async run(flags, { admin, handle }) {
      // A bad address is refused before the account exists, so nothing is half made.
      if (typeof flags.email === 'string' && !isEmailAddress(flags.email.trim().toLowerCase()))
        throw new UsageError(`Not an email address: "${flags.email}"`);
      const user = await admin.createUser({
        unitId: required(flags, 'unit'),
        loginName: required(flags, 'login'),
        realName: required(flags, 'name'),
        userType: userType(required(flags, 'type')),
        password: await password(flags),
      });
      // The email as set-email sets it (checked the same way), in the same run.
      const email =
        typeof flags.email === 'string'
          ? (await createRecoveryAdmin(handle.db).setEmail(user.loginName, flags.email)).email
          : null;
      return `Created user "${user.loginName}" (${user.realName}, id ${user.id}, type ${user.userType}, unit ${user.unitId}${email ? `, email ${email}` : ''})`;
    },
  },
  'reset-password': {
    usage: 'reset-password --login <login name> --password <new password|->',
    summary: 'Set a new password and sign the user out on every device.',
    flags: ['login', 'password'],
    async run(flags, { admin }) {
      const result = await admin.resetPassword(required(flags, 'login'), await password(flags));
      const { sessions, refreshTokens, deviceCredentials } = result.revoked;
      return (
        `Password of "${result.loginName}" reset; signed out everywhere ` +
        `(${sessions} sessions, ${refreshTokens} refresh tokens, ${deviceCredentials} device tokens revoked)`
      );
    },
  },
  'link-child': {
    usage:
      'link-child --parent <parent login> (--student <student id> | --name <name> --grade <grade> --class <class>)',
    summary: 'Link an existing student, or a new one, to a parent account (type 3).',
    flags: ['parent', 'student', 'name', 'grade', 'class'],
    async run(flags, { admin }) {
      const parentLogin = required(flags, 'parent');
      let child: ChildRef;
      if (flags.student !== undefined) {
        if (flags.name !== undefined || flags.grade !== undefined || flags.class !== undefined) {
          throw new UsageError('Give either --student or --name/--grade/--class, not both');
        }
        child = { studentId: flags.student };
      } else {
        child = {
          realName: required(flags, 'name'),
          gradeName: required(flags, 'grade'),
          className: required(flags, 'class'),
        };
      }
      const result = await admin.linkParentChild(parentLogin, child);
      const c = result.child;
      const what = result.created ? 'Linked' : 'Already linked:';
      return `${what} student "${c.realName}" (id ${c.id}, ${c.gradeName}, ${c.className}) to parent "${parentLogin.trim()}"`;
    },
  },
  'link-accounts': {
    usage: 'link-accounts --teacher <teacher login> --parent <parent login>',
    summary: 'Link a teacher account and a parent account of the same person (account switch).',
    flags: ['teacher', 'parent'],
    async run(flags, { admin }) {
      const teacher = required(flags, 'teacher');
      const parent = required(flags, 'parent');
      const result = await admin.linkTeacherParent(teacher, parent);
      return result.created
        ? `Linked teacher "${teacher.trim()}" and parent "${parent.trim()}"`
        : `Teacher "${teacher.trim()}" and parent "${parent.trim()}" were already linked`;
    },
  },
  'set-licence': {
    usage: 'set-licence --unit <unit id> --app <app code or serverId> --until <YYYY-MM-DD|expired>',
    summary:
      "Set a unit's licence for an app: valid through the given day, or 'expired' to end it now.",
    flags: ['unit', 'app', 'until'],
    async run(flags, { admin }) {
      const result = await admin.setLicence({
        unitId: required(flags, 'unit'),
        app: required(flags, 'app'),
        until: required(flags, 'until'),
      });
      const state =
        result.endTime > Date.now()
          ? `valid until ${new Date(result.endTime).toISOString()}`
          : `expired (${new Date(result.endTime).toISOString()})`;
      const was =
        result.previousEndTime === null
          ? 'no licence before'
          : `was ${new Date(result.previousEndTime).toISOString()}`;
      return `Licence of app "${result.appCode}" for unit ${result.unitId}: ${state}; ${was}`;
    },
  },
  'set-message-config': {
    usage: 'set-message-config --unit <unit id> --pc-open <0|1>',
    summary:
      "Set a unit's message bell: --pc-open 1 shows a plain dot instead of the unread count.",
    flags: ['unit', 'pc-open'],
    async run(flags, { admin }) {
      const result = await admin.setMessageConfig({
        unitId: required(flags, 'unit'),
        pcOpen: required(flags, 'pc-open'),
      });
      return `Message config of unit ${result.unitId}: pcOpen ${result.pcOpen} (was ${result.previousPcOpen})`;
    },
  },
  'set-sso-url': {
    usage: 'set-sso-url --unit <unit id> --url <http(s) URL|none>',
    summary: "Set or remove (none) a unit's single-sign-on login URL.",
    flags: ['unit', 'url'],
    async run(flags, { admin }) {
      const result = await admin.setSsoUrl({
        unitId: required(flags, 'unit'),
        url: required(flags, 'url'),
      });
      return `Single-sign-on URL of unit ${result.unitId}: ${result.url ?? 'none'} (was ${result.previousUrl ?? 'none'})`;
    },
  },
  'set-client-url': {
    usage:
      'set-client-url --unit <unit id> --package <installer|portable> --url <http(s) URL|none>',
    summary:
      "Set or remove (none) the address of a unit's desktop client package; it wins over CLIENT_DOWNLOADS_DIR's file.",
    flags: ['unit', 'package', 'url'],
    async run(flags, { admin }) {
      const result = await admin.setClientUrl({
        unitId: required(flags, 'unit'),
        kind: required(flags, 'package'),
        url: required(flags, 'url'),
      });
      return `Client ${result.kind} address of unit ${result.unitId}: ${result.url ?? 'none (the CLIENT_DOWNLOADS_DIR file, if any)'} (was ${result.previousUrl ?? 'none'})`;
    },
  },
  'set-email': {
    usage: 'set-email --login <login name> --email <address|none>',
    summary: "Set or remove (none) an account's email, where a forgotten-password link is sent.",
    flags: ['login', 'email'],
    async run(flags, { handle }) {
      const result = await createRecoveryAdmin(handle.db).setEmail(
        required(flags, 'login'),
        required(flags, 'email'),
      );
      return `Email of "${result.loginName}": ${result.email ?? 'none'} (was ${result.previous ?? 'none'})`;
    },
  },
  'set-ticket-issuer': {
    usage: 'set-ticket-issuer --unit <unit id> --url <CAS server URL prefix|none>',
    summary:
      "Set or remove (none) a unit's trusted CAS-style ticket issuer: its tickets (?ticket=) sign the unit's people in.",
    flags: ['unit', 'url'],
    async run(flags, { handle }) {
      const result = await createRecoveryAdmin(handle.db).setTicketIssuer(
        required(flags, 'unit'),
        required(flags, 'url'),
      );
      return `Ticket issuer of unit ${result.unitId}: ${result.url ?? 'none'} (was ${result.previous ?? 'none'})`;
    },
  },
  'set-social-provider': {
    usage:
      'set-social-provider --unit <unit id> --type <qy|mp> --app-id <corp id|app id> [--agent-id <WeCom agent id>] --secret <secret>',
    summary:
      "Set a unit's WeCom (qy) or WeChat public account (mp) sign-in; the secret stays on the server.",
    flags: ['unit', 'type', 'app-id', 'agent-id', 'secret'],
    async run(flags, { handle }) {
      const unitId = required(flags, 'unit');
      const unit = await handle.db
        .selectFrom('units')
        .select('id')
        .where('id', '=', unitId)
        .executeTakeFirst();
      if (!unit) throw new UsageError(`No unit with id ${unitId}`);
      let record;
      try {
        record = await setSocialProvider(
          new SocialRepository(handle.db),
          new AuditService(new AuditRepository(handle.db), Date.now),
          {
            unitId,
            type: required(flags, 'type'),
            appId: required(flags, 'app-id'),
            agentId: flags['agent-id'] ?? null,
            secret: required(flags, 'secret'),
          },
        );
      } catch (error) {
        // A refused value is the field errors of the console's rule, printed as such.
        if (error instanceof AppError) throw error;
        throw new UsageError(error instanceof Error ? error.message : String(error));
      }
      const agent = record.agentId ? `, agent ${record.agentId}` : '';
      return `Social provider ${record.type} of unit ${unitId}: app ${record.appId}${agent}`;
    },
  },
  'rotate-app-credential': {
    usage: 'rotate-app-credential --app <app code> --unit <unit id>',
    summary:
      "Make or rotate an app's feed credential for a unit (and, for an area, its schools); prints the secret once.",
    flags: ['app', 'unit'],
    async run(flags, { handle }) {
      const credential = await createAppCredentials(handle.db).rotate(
        required(flags, 'app').trim(),
        required(flags, 'unit').trim(),
        { userId: null, ip: null },
      );
      // One line, as every command; the secret is shown this once (only its hash is kept).
      return `App ${credential.appCode}, unit ${credential.unitId}: client ${credential.clientId}, secret ${credential.secret} (send "Authorization: Bearer <secret>"; shown once, the previous secret no longer works)`;
    },
  },
  backup: {
    usage: 'backup --to <new file>',
    summary:
      'An online backup of the database while the server runs: SQLite through its backup API (restore: put the file back as DATA_DIR/portal.sqlite), PostgreSQL through pg_dump -Fc (restore: pg_restore). The file store is backed up apart (docs/deploy.md).',
    flags: ['to'],
    async run(flags, { config }) {
      const target = required(flags, 'to');
      const { kind, bytes } = await backupDatabase(config, target);
      return `Backed up the ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} database to ${target} (${bytes} bytes)`;
    },
  },
  'seed-demo': {
    usage: 'seed-demo',
    summary: 'Add the demo school (DESIGN.md §3) where missing; safe to run again.',
    flags: [],
    async run(_flags, { config, handle }) {
      const files = new FileStore(
        openObjectStore(config.fileStore),
        new StorageRepository(handle.db),
      );
      const { created } = await seedDemoSchool(handle.db, files);
      const logins = DEMO_ACCOUNTS.map((a) => a.login).join(', ');
      return created
        ? `Demo school seeded; accounts: ${logins} (passwords are listed in the README)`
        : 'Demo school already complete; nothing changed';
    },
  },
};

function helpText(): string {
  const lines = [
    'Campus Portal admin CLI',
    '',
    'Usage: npm run admin -- <command> [--flags]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).flatMap(([, c]) => [`  ${c.usage}`, `      ${c.summary}`]),
    '  help',
    '      Show this help.',
    '',
    'Pass --password - to read the password from standard input instead of the command line.',
    'The database and file store come from DATA_DIR, DATABASE_URL and FILE_STORE, as for the server.',
    'Demo unit ids: demo-unit-east-district (area), demo-unit-sunshine (school).',
    'A fresh deployment (PORTAL_DEMO=0) starts with create-admin; the console at /admin does the rest.',
  ];
  return lines.join('\n');
}

function required(flags: Flags, flag: Flag): string {
  const value = flags[flag];
  if (value === undefined || value.trim() === '') throw new UsageError(`Missing --${flag}`);
  return value;
}

function unitType(value: string): number {
  const types: Record<string, number> = { '1': 1, area: 1, '2': 2, school: 2 };
  const type = types[value.trim().toLowerCase()];
  if (type === undefined)
    throw new UsageError(`--type must be 1 (area) or 2 (school), got "${value}"`);
  return type;
}

function userType(value: string): number {
  const types: Record<string, number> = { '1': 1, '2': 2, teacher: 2, '3': 3, parent: 3, '4': 4 };
  const type = types[value.trim().toLowerCase()];
  if (type === undefined) throw new UsageError(`--type must be 1, 2, 3 or 4, got "${value}"`);
  return type;
}

/** `--password -` reads the first line of standard input, keeping it out of shell history. */
async function password(flags: Flags): Promise<string> {
  const value = flags.password;
  if (value === undefined) throw new UsageError('Missing --password');
  if (value !== '-') return value;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

function describeError(error: unknown): string {
  if (error instanceof AppError) {
    const texts = error.options.fieldErrors?.length
      ? error.options.fieldErrors.map((e) => e.message)
      : [error.bilingualMessage];
    return `Error: ${texts.map(englishFirst).join('; ')}`;
  }
  if (error instanceof Error) return `Error: ${error.message}`;
  return `Error: ${String(error)}`;
}

function englishFirst(message: string): string {
  const [zh, en] = message.split(MESSAGE_LANGUAGE_SEPARATOR);
  return en ? `${en} (${zh})` : message;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    console.log(helpText());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Error: unknown command "${name}". Run "npm run admin -- help" for the list.`);
    return 1;
  }

  let flags: Flags;
  try {
    const { values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
    flags = values;
    const extra = (Object.keys(values) as Flag[]).filter((f) => !command.flags.includes(f));
    if (extra.length > 0) throw new UsageError(`Unknown option --${extra[0]} for ${name}`);
  } catch (error) {
    console.error(`Error: ${(error as Error).message}\nUsage: npm run admin -- ${command.usage}`);
    return 1;
  }

  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const admin = createAdminService(handle.db);
    console.log(await command.run(flags, { config, handle, admin }));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\nUsage: npm run admin -- ${command.usage}`);
    } else {
      console.error(describeError(error));
    }
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));

/**
 * The console's OAuth clients (DESIGN.md §8) and version records (spec §3 server version reply
 * and version record, §7), issue 13 §2. The rules are the owning modules' (`OidcClientsService`,
 * which the CLI's `register-client` uses too; `VersionsService`); this service checks who calls
 * (a top-level unit's administrator: both are shared by every unit) and what they typed, and
 * runs each change in one transaction with its audit row. A client's secret is answered once,
 * when made, and never written to the audit log.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminIdBody,
  AdminOAuthClient,
  AdminOAuthClientCreateBody,
  AdminOAuthClientIdBody,
  AdminOAuthClientSecret,
  AdminOAuthClientUpdateBody,
  AdminReleaseBody,
  AdminServerVersionBody,
  AdminVersions,
} from '@campus/contracts/admin-apps';
import type { FieldError } from '@campus/contracts/envelope';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { CatalogueAdminService } from '../base/catalogue-admin.service.ts';
import { newClientSecret, type OidcClientsService } from '../oidc/oidc-clients.service.ts';
import type { SessionUser } from '../uaa/session.service.ts';
import type { VersionsService } from '../versions/versions.service.ts';
import {
  auditEntry,
  type Actor,
  type AppsAccess,
  type InAppsTransaction,
} from './admin-apps-support.ts';
import { dateText, field, versionText } from './app-rules.ts';

const noSuchClient = (clientId: string) =>
  notFound(bilingual(`客户端 ${clientId} 不存在`, `No client "${clientId}"`));

export class AdminIntegrationsService {
  constructor(
    private readonly deps: {
      access: AppsAccess;
      catalogue: Pick<CatalogueAdminService, 'findApp'>;
      oidcClients: OidcClientsService;
      versions: Pick<VersionsService, 'serverVersion' | 'releases' | 'findRelease'>;
      inTransaction: InAppsTransaction;
    },
  ) {}

  // -------------------------------------------------------------------------------------------
  // OAuth clients

  async clients(user: SessionUser, unitId: string): Promise<AdminOAuthClient[]> {
    await this.deps.access.editsShared(user, unitId);
    return this.deps.oidcClients.list();
  }

  async createClient(
    actor: Actor,
    body: AdminOAuthClientCreateBody,
  ): Promise<AdminOAuthClientSecret> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const clientId = body.clientId.trim();
    const secret = body.confidential ? newClientSecret() : null;
    await this.deps.inTransaction(async ({ oidcClients, audit }) => {
      await oidcClients.register(
        { clientId, name: body.name, redirectUris: body.redirectUris, clientSecret: secret },
        { replace: false },
      );
      await audit.record(
        'admin.create_oauth_client',
        auditEntry(actor, body.unitId, {
          clientId,
          name: body.name.trim(),
          redirectUris: body.redirectUris,
          confidential: body.confidential,
        }),
      );
    });
    return { client: await this.requireClient(clientId), secret };
  }

  async updateClient(actor: Actor, body: AdminOAuthClientUpdateBody): Promise<AdminOAuthClient> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const clientId = body.clientId.trim();
    await this.deps.inTransaction(async ({ oidcClients, audit }) => {
      const previous = await oidcClients.update(clientId, body);
      await audit.record(
        'admin.update_oauth_client',
        auditEntry(actor, body.unitId, {
          clientId,
          name: body.name.trim(),
          redirectUris: body.redirectUris,
          previous: { name: previous.name, redirectUris: previous.redirectUris },
        }),
      );
    });
    return this.requireClient(clientId);
  }

  /** A new secret, answered this once; the old one stops working within the provider's 10 s. */
  async rotateSecret(actor: Actor, body: AdminOAuthClientIdBody): Promise<AdminOAuthClientSecret> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const clientId = body.clientId.trim();
    const secret = await this.deps.inTransaction(async ({ oidcClients, audit }) => {
      const made = await oidcClients.rotateSecret(clientId);
      await audit.record('admin.rotate_oauth_secret', auditEntry(actor, body.unitId, { clientId }));
      return made;
    });
    return { client: await this.requireClient(clientId), secret };
  }

  async deleteClient(actor: Actor, body: AdminOAuthClientIdBody): Promise<boolean> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const clientId = body.clientId.trim();
    const client = await this.requireClient(clientId);
    await this.deps.inTransaction(async ({ oidcClients, audit }) => {
      await oidcClients.delete(clientId);
      await audit.record(
        'admin.delete_oauth_client',
        auditEntry(actor, body.unitId, { clientId, name: client.name }),
      );
    });
    return true;
  }

  private async requireClient(clientId: string): Promise<AdminOAuthClient> {
    const client = await this.deps.oidcClients.find(clientId);
    if (!client) throw noSuchClient(clientId);
    return client;
  }

  // -------------------------------------------------------------------------------------------
  // Version records

  async versions(user: SessionUser, unitId: string, code: string): Promise<AdminVersions> {
    await this.deps.access.manages(user, unitId);
    return this.versionsOf(await this.requireApp(code));
  }

  /** What the app's `{code}_package_versions` answers (spec §7): the version checks read it. */
  async setServerVersion(actor: Actor, body: AdminServerVersionBody): Promise<AdminVersions> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const appCode = await this.requireApp(body.appCode);
    const errors: FieldError[] = [];
    const serverVersion = versionText(body.serverVersion);
    if (!serverVersion) errors.push(versionError('serverVersion'));
    const webCodeVersion = versionText(body.webCodeVersion);
    if (!webCodeVersion) errors.push(versionError('webCodeVersion'));
    const date = dateText(body.date);
    if (!date) errors.push(dateError('date'));
    if (errors.length > 0 || !serverVersion || !webCodeVersion || !date) throw badRequest(errors);
    const record = { serverVersion, webCodeVersion, date };
    await this.deps.inTransaction(async ({ versions, audit }) => {
      const previous = await versions.serverVersion(appCode);
      await versions.saveServerVersion(appCode, record);
      await audit.record(
        'admin.set_server_version',
        auditEntry(actor, body.unitId, { appCode, ...record, previous: previous ?? null }),
      );
    });
    return this.versionsOf(appCode);
  }

  /** Creates (no id) or edits one release's notes (spec §3 version record: version, date, metto). */
  async saveRelease(actor: Actor, body: AdminReleaseBody): Promise<AdminVersions> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const appCode = await this.requireApp(body.appCode);
    const current = body.id ? await this.deps.versions.findRelease(body.id) : undefined;
    if (body.id && (!current || current.appCode !== appCode)) {
      throw notFound(bilingual('版本记录不存在', `No version record "${body.id}" of ${appCode}`));
    }
    const errors: FieldError[] = [];
    const version = versionText(body.version);
    if (!version) errors.push(versionError('version'));
    const date = dateText(body.date);
    if (!date) errors.push(dateError('date'));
    const metto = body.metto.map((n) => ({ cn: n.cn.trim(), en: n.en.trim() }));
    if (metto.some((n) => n.cn === '' && n.en === '')) {
      errors.push(field('metto', '更新说明不能为空', 'A release note must not be empty'));
    }
    if (errors.length > 0 || !version || !date) throw badRequest(errors);
    const release = { id: current?.id ?? `ver-${randomUUID()}`, appCode, version, date, metto };
    await this.deps.inTransaction(async ({ versions, audit }) => {
      await versions.saveRelease(release, current === undefined);
      await audit.record(
        'admin.save_release',
        auditEntry(actor, body.unitId, { ...release, previous: current ?? null }),
      );
    });
    return this.versionsOf(appCode);
  }

  async deleteRelease(actor: Actor, body: AdminIdBody): Promise<boolean> {
    await this.deps.access.editsShared(actor.user, body.unitId);
    const release = await this.deps.versions.findRelease(body.id);
    if (!release) throw notFound(bilingual('版本记录不存在', `No version record "${body.id}"`));
    await this.deps.inTransaction(async ({ versions, audit }) => {
      await versions.deleteRelease(release.id);
      await audit.record('admin.delete_release', auditEntry(actor, body.unitId, { ...release }));
    });
    return true;
  }

  private async versionsOf(appCode: string): Promise<AdminVersions> {
    const [server, releases] = await Promise.all([
      this.deps.versions.serverVersion(appCode),
      this.deps.versions.releases(appCode),
    ]);
    return {
      appCode,
      server: server ?? null,
      releases: releases.map(({ id, version, date, metto }) => ({ id, version, date, metto })),
    };
  }

  private async requireApp(code: string): Promise<string> {
    const app = await this.deps.catalogue.findApp(code.trim());
    if (!app) throw notFound(bilingual('应用不存在', `No app "${code.trim()}"`));
    return app.code;
  }
}

function versionError(name: string): FieldError {
  return field(
    name,
    '版本号须为以点分隔的数字，如 1.2.0（可带 -beta.1 之类的后缀）',
    'A version must be dot-separated numbers such as 1.2.0 (a suffix like -beta.1 is allowed)',
  );
}

function dateError(name: string): FieldError {
  return field(
    name,
    '日期须为 YYYY-MM-DD 格式的有效日期',
    'The date must be a real date as YYYY-MM-DD',
  );
}

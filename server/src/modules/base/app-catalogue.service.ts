/**
 * The app catalogue of the base platform (spec §3 App icon and App group): every app with its
 * group, names, server id and user types. The desktop's menu, the icons the storage draws, the
 * licence check and the administrator's licences all read it here; who sees which app is each
 * caller's rule.
 */
import type { AppGroupRecord, AppRecord, BaseRepository } from './base.repository.ts';
import type { CatalogueCache } from './catalogue-cache.ts';

export class AppCatalogueService {
  constructor(
    private readonly repository: BaseRepository,
    /** The server's in-memory catalogue; without one (the CLI), every read asks the database. */
    private readonly cache?: CatalogueCache,
  ) {}

  appGroups(): Promise<readonly AppGroupRecord[]> {
    const load = () => this.repository.appGroups();
    return this.cache ? this.cache.groupList(load) : load();
  }

  /** Every app in its default order (sort, then code). */
  apps(): Promise<readonly AppRecord[]> {
    const load = () => this.repository.apps();
    return this.cache ? this.cache.appList(load) : load();
  }

  async findApp(code: string): Promise<AppRecord | undefined> {
    if (!this.cache) return this.repository.findApp(code);
    return (await this.apps()).find((app) => app.code === code);
  }

  /** The file id of an uploaded icon for one theme variant (spec §3), else undefined: drawn. */
  iconFileOf(code: string, variant: string): Promise<string | undefined> {
    return this.repository.iconFileId(code, variant);
  }

  /**
   * The code of an app named by its code, else by its server id (spec §7 `serverId`). A server
   * id shared by several apps names none of them.
   */
  async appCodeFor(codeOrServerId: string): Promise<string | undefined> {
    const byCode = await this.findApp(codeOrServerId);
    if (byCode) return byCode.code;
    const byServer = this.cache
      ? (await this.apps()).filter((app) => app.serverId === codeOrServerId)
      : await this.repository.appsOfServer(codeOrServerId);
    return byServer.length === 1 ? byServer[0]?.code : undefined;
  }
}

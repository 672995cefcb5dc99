/**
 * The server version each app's front end compares with its own (spec §3 server version
 * reply, §5, §8), answered at `/api/{code}/nl/{code}_package_versions` (spec §7).
 */
import { notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type {
  ReleaseRecord,
  ServerVersionRecord,
  VersionsRepository,
} from './versions.repository.ts';

export type { ReleaseRecord, ServerVersionRecord };

export class VersionsService {
  constructor(private readonly repository: VersionsRepository) {}

  /**
   * The app's server version; undefined for an app without a record. The route takes any file
   * name, and only `{code}_package_versions` is an address (spec §7).
   */
  async packageVersions(code: string, file: string): Promise<ServerVersionRecord | undefined> {
    if (file !== `${code}_package_versions`) {
      throw notFound(bilingual('请求的地址不存在', 'No such address'));
    }
    return this.repository.serverVersion(code);
  }

  /** The app's server version record, for the administrator. */
  serverVersion(code: string): Promise<ServerVersionRecord | undefined> {
    return this.repository.serverVersion(code);
  }

  saveServerVersion(code: string, record: ServerVersionRecord): Promise<void> {
    return this.repository.saveServerVersion(code, record);
  }

  /** The app's release records (spec §3 version record), newest first. */
  releases(code: string): Promise<ReleaseRecord[]> {
    return this.repository.releases(code);
  }

  findRelease(id: string): Promise<ReleaseRecord | undefined> {
    return this.repository.findRelease(id);
  }

  saveRelease(release: ReleaseRecord, create: boolean): Promise<void> {
    return this.repository.saveRelease(release, create);
  }

  deleteRelease(id: string): Promise<void> {
    return this.repository.deleteRelease(id);
  }
}

import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-base-platform.ts';
import * as m0003 from './0003-cms.ts';
import * as m0004 from './0004-desktop.ts';
import * as m0005 from './0005-client-download-urls.ts';
import * as m0006 from './0006-file-owners.ts';
import * as m0007 from './0007-cms-attachments.ts';
import * as m0008 from './0008-oidc.ts';
import * as m0009 from './0009-password-ticket.ts';
import * as m0010 from './0010-social.ts';
import * as m0011 from './0011-app-feed.ts';
import * as m0012 from './0012-admin-apps.ts';
import * as m0013 from './0013-admin-import.ts';
import * as m0014 from './0014-admin-directory.ts';
import * as m0015 from './0015-face.ts';
import * as m0016 from './0016-face-switch.ts';
import * as m0017 from './0017-table-change-notices.ts';

/**
 * Versioned migrations, applied in name order. New files get the next number and are
 * listed here; an applied migration is never edited.
 */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-base-platform': m0002,
  '0003-cms': m0003,
  '0004-desktop': m0004,
  '0005-client-download-urls': m0005,
  '0006-file-owners': m0006,
  '0007-cms-attachments': m0007,
  '0008-oidc': m0008,
  '0009-password-ticket': m0009,
  '0010-social': m0010,
  '0011-app-feed': m0011,
  '0012-admin-apps': m0012,
  '0013-admin-import': m0013,
  '0014-admin-directory': m0014,
  '0015-face': m0015,
  '0016-face-switch': m0016,
  '0017-table-change-notices': m0017,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

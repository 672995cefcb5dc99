/**
 * The fresh-deployment path (issue 13 §5): a server started with PORTAL_DEMO=0 on a database
 * where no one holds the base-admin role says, at start-up, how to make the first
 * administrator with the admin CLI; the console takes it from there.
 */
import type { BaseService } from '../base/base.service.ts';
import type { DirectoryService } from '../uaa/directory.service.ts';

/**
 * The start-up text telling how to create the first administrator, or null when one exists.
 * On an empty database the command creates the school too; once units exist it names the
 * default one (the first school) by id.
 */
export async function firstAdminHint(
  deps: {
    base: Pick<BaseService, 'anyBaseAdmin'>;
    directory: Pick<DirectoryService, 'defaultUnit'>;
  },
  portalUrl: string,
): Promise<string | null> {
  if (await deps.base.anyBaseAdmin()) return null;
  const unit = await deps.directory.defaultUnit();
  const where = unit
    ? `--unit ${unit.id}`
    : '--unit-name "<school name>" [--en-name "<English name>"]';
  return [
    'No administrator yet. Create the first one with the admin CLI (issue 13 §5):',
    `  npm run admin -- create-admin ${where} --login <login name> --name "<real name>" --password -`,
    '  (with --password - the password is read from the next line of input, not the command line;',
    '  8 to 20 characters mixing at least two of digits, letters and other characters)',
    ...(unit
      ? [`  The unit above is "${unit.name}"; "npm run admin -- help" lists the commands.`]
      : []),
    `Then sign in at ${portalUrl}/login and open the administration console at ${portalUrl}/admin.`,
  ].join('\n');
}

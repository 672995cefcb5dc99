/**
 * How the tests run the admin CLI (`npm run admin -- …`): from the bundle beside the server's
 * when `npm test` built one (TEST_ADMIN_CLI, scripts/build-server.mjs), else from the sources
 * through tsx as `npm run admin` does. The bundle starts in about a third of the CPU, and the
 * e2e fixtures run the CLI dozens of times (npm test's time budget).
 */
import path from 'node:path';
import { repoRoot } from './ensure.mjs';

const TSX_CLI = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CLI_SOURCE = path.join(repoRoot, 'server', 'src', 'cli', 'main.ts');

/**
 * The arguments for `process.execPath` (node) that run the admin CLI with `args`.
 *
 * @example
 * spawn(process.execPath, adminCliArgs(['create-user', '--unit', 'u1']), { cwd: repoRoot });
 */
export function adminCliArgs(args) {
  const bundle = process.env.TEST_ADMIN_CLI;
  return bundle ? [bundle, ...args] : [TSX_CLI, CLI_SOURCE, ...args];
}

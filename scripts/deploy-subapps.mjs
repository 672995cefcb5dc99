#!/usr/bin/env node
/**
 * Deploys the sub-apps built in this repository (apps/* whose package.json has `campus.code`)
 * the way any sub-app is deployed (DESIGN.md §2): their build folder is copied into the pages
 * folder the server serves at /pages/ (PAGES_DIR, default DATA_DIR/pages). Nothing else is
 * rebuilt or restarted. Files are copied over the old ones; older hashed assets stay, so a page
 * opened before the deploy can still load its scripts.
 *
 *   node scripts/deploy-subapps.mjs [pagesDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMain, log, repoRoot, workspaceDirs } from './ensure.mjs';

/** The default pages folder, as server/src/config.ts computes it. */
export function defaultPagesDir(env = process.env) {
  if (env.PAGES_DIR) return path.resolve(env.PAGES_DIR);
  return path.join(path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')), 'pages');
}

/** The sub-app workspaces and their build folders. */
export function subAppBuilds() {
  return workspaceDirs()
    .filter((dir) => dir.startsWith('apps/'))
    .map((dir) => ({
      dir,
      pkg: JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')),
    }))
    .filter(({ pkg }) => typeof pkg.campus?.code === 'string')
    .map(({ dir, pkg }) => ({ code: pkg.campus.code, dist: path.join(repoRoot, dir, 'dist') }));
}

/** Copies every built sub-app into `pagesDir`; returns the codes deployed. */
export function deploySubApps(pagesDir = defaultPagesDir()) {
  fs.mkdirSync(pagesDir, { recursive: true });
  const deployed = [];
  for (const app of subAppBuilds()) {
    if (!fs.existsSync(app.dist)) continue;
    fs.cpSync(app.dist, pagesDir, {
      recursive: true,
      filter: (source) => path.basename(source) !== '.build-stamp',
    });
    deployed.push(app.code);
  }
  return deployed;
}

if (isMain(import.meta.url)) {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : defaultPagesDir();
  const codes = deploySubApps(target);
  log(
    `deployed ${codes.length ? codes.join(', ') : 'no sub-apps (build them first: npm run build)'} to ${target}`,
  );
}

/**
 * Child process: the real portal server, built by buildApp() from the environment (the parent
 * sets DATA_DIR to a fresh folder, so it migrates and seeds the demo school).
 */
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { serveToParent } from './child-server.ts';

await serveToParent(await buildApp(loadConfig()));

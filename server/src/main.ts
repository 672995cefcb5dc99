/**
 * `npm start` runs this: build the app, listen, print the address and the demo
 * accounts (or, without the demo and without an administrator, how to create the first one),
 * and shut down gracefully on SIGINT/SIGTERM (in-flight requests finish,
 * the database closes cleanly).
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareGracefulShutdown } from './core/graceful-shutdown.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-school.ts';

const config = loadConfig();
const app = await buildApp(config);

const shutdown = prepareGracefulShutdown(app);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    shutdown(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ host: config.host, port: config.port });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await app.close();
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${config.host}:${port}`;
process.stdout.write(
  `\nCampus Portal is running at ${url}\n  login:    ${url}/login\n  API docs: ${url}/api/docs\n`,
);
if (!config.demo) {
  // Issue 13 §5: a fresh deployment says how to make its first administrator.
  const hint = await app.services.firstAdminHint(url);
  if (hint) {
    app.log.warn('no administrator yet: create one with "npm run admin -- create-admin"');
    process.stdout.write(`\n${hint}\n\n`);
  }
}
if (config.demo) {
  const rows = DEMO_ACCOUNTS.map(
    (a) => `  ${a.login.padEnd(9)} ${a.password.padEnd(14)} type ${a.userType}  ${a.note}`,
  );
  process.stdout.write(`\nDemo accounts (login, password, user type):\n${rows.join('\n')}\n\n`);
}

/** Child process: the peer, a bare Fastify server with one route and nothing else. */
import Fastify from 'fastify';
import { serveToParent } from './child-server.ts';

const app = Fastify({ logger: false });
app.get('/bare', () => ({ status: 200, data: { ok: true } }));
await serveToParent(app);

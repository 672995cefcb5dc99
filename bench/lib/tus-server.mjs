/**
 * The upload benchmarks' peer server, in a child process of its own: @tus/server with
 * @tus/file-store (the tus project's Node server and its disk store), on a free loopback port,
 * storing under TUS_DIR. Tells the parent its port over IPC, and closes when the parent asks or
 * goes away. PAGE_DIR, when given, is served at /page/: the benchmark page runs on tus's own
 * origin, as it runs on the portal's for ours (the portal's Content-Security-Policy lets a page
 * call only its own origin, and a cross-origin peer would pay CORS preflights ours does not).
 *
 *   TUS_DIR=/tmp/x PAGE_DIR=/tmp/page node bench/lib/tus-server.mjs
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';

/** Where the tus endpoint answers (uploads are created at this path). */
export const TUS_PATH = '/files';

const directory = process.env.TUS_DIR;
if (!directory) throw new Error('TUS_DIR is not set');

const pageDir = process.env.PAGE_DIR;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The page's files, nothing outside its folder. */
function servePage(req, res) {
  const rel = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/').slice('/page/'.length);
  const file = path.resolve(pageDir ?? '.', rel || 'index.html');
  if (!pageDir || !file.startsWith(path.resolve(pageDir) + path.sep) || !fs.existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
}

const tus = new Server({ path: TUS_PATH, datastore: new FileStore({ directory }) });
const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/page/')) servePage(req, res);
  else void tus.handle(req, res);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'listening', port });
});

let closing = false;
const close = () => {
  if (closing) return;
  closing = true;
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
process.on('disconnect', close);

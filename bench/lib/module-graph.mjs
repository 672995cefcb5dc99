/**
 * The static import graph of built ES modules, read from the files themselves: what a page
 * loads up front when it imports one module. Used for the shared runtime and the sub-apps,
 * which are plain ESM served as files (no Vite manifest for cross-build imports).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Static `import … from "x"`, `export … from "x"` and bare `import "x"` specifiers (minified ESM). */
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+)["']/g;

/**
 * Every file a module statically imports, transitively, as URL paths.
 * @param {string} entryUrl       e.g. '/common/plugins/common-ph/1.6.0/js/ui/boot.js'
 * @param {(url: string) => string | null} fileFor  the file on disk serving a URL path
 * @returns {Set<string>} URL paths, the entry included
 */
export function staticGraph(entryUrl, fileFor) {
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    const file = fileFor(url);
    if (!file) return;
    seen.add(url);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const spec = match[1];
      if (!spec || !(spec.startsWith('/') || spec.startsWith('.'))) continue;
      visit(new URL(spec, `http://x${url}`).pathname);
    }
  };
  visit(entryUrl);
  return seen;
}

/** gzip at zlib's default level, as a server compressing on the fly would. */
export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file)).length;
}

/** Maps URL paths under `prefix` to files under `dir`; null for other URLs or missing files. */
export function servedFrom(prefix, dir) {
  return (url) => {
    if (!url.startsWith(prefix)) return null;
    const file = path.join(dir, url.slice(prefix.length));
    return fs.existsSync(file) ? file : null;
  };
}

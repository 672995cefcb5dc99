/**
 * The shared runtime's module list (DESIGN.md §2: one React, one SDK, one login state, loaded
 * once). The runtime build (vite.config.ts here) emits one ES module per bare specifier below
 * at a stable URL; every sub-app build rewrites the same specifiers to those URLs and leaves
 * them external. The browser keeps one module per URL, so every sub-app on a page shares one
 * React and one SDK. This is DESIGN.md's "import map or an equivalent": the mapping is applied
 * at build time, so pages need no inline import map and the strict CSP (`script-src 'self'`,
 * DESIGN.md §5) stays. Plain JS: Vite configs of other workspaces import it as is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shared plugin version of spec §7 paths (`/common/plugins/common-ph/{version}/…`, §9 kit 1.6.0). */
export const RUNTIME_VERSION = '1.6.0';

/** Where the runtime is served; every runtime file lives under it. */
export const RUNTIME_BASE = `/common/plugins/common-ph/${RUNTIME_VERSION}`;

/** The runtime's own stylesheet (the ui package's components). */
export const RUNTIME_STYLESHEET = `${RUNTIME_BASE}/css/ph-ui.css`;

/**
 * Third-party packages the runtime shares. CommonJS ones get a generated ES entry that names
 * every export (a bare `export *` cannot name CommonJS exports).
 */
const PACKAGES = [
  { specifier: 'react', format: 'cjs' },
  { specifier: 'react/jsx-runtime', format: 'cjs' },
  { specifier: 'react-dom', format: 'cjs' },
  { specifier: 'react-dom/client', format: 'cjs' },
  // Not every export: the router API a hash-routed sub-app uses. react-router's module is one
  // large file (data routers, server rendering, RSC); naming the exports lets the build drop
  // the rest, and a sub-app asking for anything else fails at its build, not in the browser.
  {
    specifier: 'react-router',
    format: 'esm',
    exports: [
      'createHashRouter',
      'createMemoryRouter',
      'createRoutesFromElements',
      'RouterProvider',
      'HashRouter',
      'MemoryRouter',
      'Routes',
      'Route',
      'Link',
      'NavLink',
      'Navigate',
      'Outlet',
      'useNavigate',
      'useLocation',
      'useParams',
      'useSearchParams',
      'useMatches',
      'useMatch',
      'useOutletContext',
      'useHref',
      'useResolvedPath',
      'useNavigation',
      'useBlocker',
      'useRevalidator',
      'useLoaderData',
      'useActionData',
      'useRouteError',
      'isRouteErrorResponse',
      'matchPath',
      'generatePath',
      'redirect',
    ],
  },
];

/** Our own packages: every subpath of their `exports` map is shared. */
const WORKSPACE_PACKAGES = [
  { name: '@campus/sdk', dir: 'packages/sdk' },
  { name: '@campus/ui', dir: 'packages/ui' },
];

/** The output name of a specifier: `@campus/sdk/session` → `sdk/session`, `react/jsx-runtime` → `react-jsx-runtime`. */
function outputName(specifier) {
  if (specifier.startsWith('@campus/')) return specifier.slice('@campus/'.length);
  return specifier.replace(/\//g, '-');
}

/**
 * Every shared module: its bare specifier, its output name (the file is
 * `${RUNTIME_BASE}/js/${name}.js`) and where its source is.
 * @returns {{ specifier: string, name: string, source: { kind: 'package', format: 'cjs' | 'esm', exports?: string[] } | { kind: 'file', file: string } }[]}
 */
export function sharedModules() {
  const modules = PACKAGES.map(({ specifier, format, exports }) => ({
    specifier,
    name: outputName(specifier),
    source: { kind: 'package', format, ...(exports ? { exports } : {}) },
  }));
  for (const pkg of WORKSPACE_PACKAGES) {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(repoRoot, pkg.dir, 'package.json'), 'utf8'),
    );
    for (const [subpath, file] of Object.entries(manifest.exports ?? {})) {
      if (typeof file !== 'string' || !/\.tsx?$/.test(file)) continue;
      const specifier = `${pkg.name}/${subpath.replace(/^\.\//, '')}`;
      modules.push({
        specifier,
        name: outputName(specifier),
        source: { kind: 'file', file: path.join(repoRoot, pkg.dir, file) },
      });
    }
  }
  return modules;
}

/** The bare specifiers a sub-app build must leave to the runtime. */
export function sharedSpecifiers() {
  return sharedModules().map((m) => m.specifier);
}

/** Every shared specifier and the URL of its runtime module (what an import map would hold). */
export function importMap() {
  const imports = {};
  for (const m of sharedModules()) imports[m.specifier] = `${RUNTIME_BASE}/js/${m.name}.js`;
  return { imports };
}

/** The runtime URL of a shared specifier, or null when the runtime does not provide it. */
export function runtimeModuleUrl(specifier) {
  const found = sharedModules().find((m) => m.specifier === specifier);
  return found ? `${RUNTIME_BASE}/js/${found.name}.js` : null;
}

/**
 * A Vite/Rolldown plugin for sub-app builds: shared specifiers resolve to their runtime URL and
 * stay external, so the built code imports `/common/plugins/common-ph/{version}/js/react.js`.
 */
export function sharedRuntimePlugin() {
  const urls = importMap().imports;
  return {
    name: 'campus-shared-runtime',
    enforce: 'pre',
    resolveId(id) {
      return Object.hasOwn(urls, id) ? { id: urls[id], external: true } : null;
    },
  };
}

/** The portal's icon (the same one as the portal pages), inline so no request is wasted on it. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 48'%3E%3Crect width='48' height='48' rx='12' fill='%23457CD6'/%3E%3Cpath d='M24 11 7 19.5l17 8.5 17-8.5z' fill='white'/%3E%3Cpath d='M14 23.5V31c0 2.6 4.5 5 10 5s10-2.4 10-5v-7.5L24 28.5z' fill='white' opacity='.8'/%3E%3C/svg%3E";

/** The one boot module of every runtime page: it reads the page address (viewport or app page). */
export const RUNTIME_BOOT = `${RUNTIME_BASE}/js/ui/boot.js`;

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page that boots through the runtime: the runtime stylesheet, the #page-header / #app /
 * #page-footer slots of spec §2, and the runtime's boot module, which reads the address (an app
 * page `/pages/{app}/{fileId}/index.html`, or the viewport). No inline script (DESIGN.md §5 CSP).
 * @param {{ title: string, lang?: string, stylesheets?: string[] }} page
 */
export function runtimePageHtml(page) {
  const links = [RUNTIME_STYLESHEET, ...(page.stylesheets ?? [])]
    .map((href) => `    <link rel="stylesheet" href="${escapeHtml(href)}" />`)
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(page.lang ?? 'zh-CN')}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(page.title)}</title>
    <link rel="icon" href="${ICON}" />
${links}
    <script type="module" src="${RUNTIME_BOOT}"></script>
  </head>
  <body>
    <div id="page-header"></div>
    <div id="app"></div>
    <div id="page-footer"></div>
  </body>
</html>
`;
}

/**
 * The boot module of every runtime page (loaded by `<script type="module" src=…/ui/boot.js>`,
 * no inline script, DESIGN.md §5). An app page `/{root}/{app}/{fileId}/index.html` (spec §2)
 * starts that file; any other page (the viewport, `/viewport?app=…&fileId=…`) starts the
 * viewport, which reads its query (spec §2 Page viewport).
 */
import { appPageFromPath } from './app-page-path.ts';
import { startSubAppPage, startViewportPage } from './subapp-page.tsx';

const page = appPageFromPath(window.location.pathname);
if (page) startSubAppPage(page);
else startViewportPage();

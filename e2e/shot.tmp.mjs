import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:8090';
const [, , which = 'all'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function ctx(width, height, user = 'admin', pass = 'Admin@2026') {
  const c = await browser.newContext({ viewport: { width, height } });
  const p = await c.newPage();
  const r = await p.request.post(BASE + '/api/uaa/oauth/login', { form: { username: user, password: pass }, headers: { device: 'pc:portal' } });
  return p;
}
const shots = [];
for (const [w, h, tag] of [[1366, 768, 'pc'], [375, 812, 'm']]) {
  for (const lang of ['zh-CN', 'en']) {
    const q = lang === 'en' ? '?language=en' : '';
    // sub-app theme dialog
    let p = await ctx(w, h);
    await p.goto(`${BASE}/pages/cms/${tag === 'pc' ? 'pc' : 'mobile'}_cms_tm/index.html${q}`);
    await p.getByTestId('appHeader').waitFor();
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/tmp/shots/cms-${tag}-${lang}.png` });
    const more = p.getByTestId('header.more');
    if (await more.isVisible()) await more.click();
    await p.getByTestId('theme.open').click();
    await p.getByTestId('theme.dialog').waitFor();
    await p.waitForTimeout(600);
    await p.screenshot({ path: `/tmp/shots/cms-theme-${tag}-${lang}.png` });
    await p.context().close();
    // desktop theme dialog
    p = await ctx(w, h);
    await p.goto(`${BASE}/desktop/home${q}`);
    await p.getByTestId('header').waitFor();
    await p.waitForTimeout(1200);
    const close = p.getByTestId('todo.close');
    if (await close.isVisible().catch(() => false)) await close.click();
    const more2 = p.getByTestId('header.more');
    if (await more2.isVisible()) await more2.click();
    await p.getByTestId('theme.open').click();
    await p.getByTestId('theme.dialog').waitFor();
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/tmp/shots/dt-theme-${tag}-${lang}.png` });
    await p.context().close();
  }
}
await browser.close();

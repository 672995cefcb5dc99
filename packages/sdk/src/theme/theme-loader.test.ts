// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import { HttpError, type HttpClient } from '../http/http-core.ts';
import { baseEndpoints } from '@campus/contracts/base';
import { applyTheme, loadTheme, THEME_LINK_ATTRIBUTE } from './theme-loader.ts';

const VERSION = '1.6.0';
const INK_CSS = '/common/plugins/common-ph/1.6.0/css/ink.css';
const CARTOON_CSS = '/common/plugins/common-ph/1.6.0/css/cartoon.css';

function fakeHttp(answer: () => Promise<Envelope<unknown>>) {
  const get = vi.fn((_url: string, _params?: unknown, _options?: unknown) => answer());
  return { http: { get } as unknown as HttpClient, get };
}

function serverTheme(data: unknown) {
  return fakeHttp(() => Promise.resolve({ status: 200, data }));
}

const themeLinks = () => document.head.querySelectorAll(`link[${THEME_LINK_ATTRIBUTE}]`);
const primary = () => document.documentElement.style.getPropertyValue('--ph-primary');

afterEach(() => {
  document.head.innerHTML = '';
  document.body.className = '';
  document.documentElement.removeAttribute('style');
});

describe('loadTheme (spec §7 GET /api/base/my_desktop/color, §3, §4)', () => {
  it('spec §7: asks the theme endpoint silently (noIntercept)', async () => {
    const { http, get } = serverTheme({ theme: null, themeColor: '#457CD6', currentLayout: 'top' });
    await loadTheme({ http, doc: document, version: VERSION });
    expect(get).toHaveBeenCalledWith(
      baseEndpoints.themeColor.path,
      undefined,
      expect.objectContaining({ noIntercept: true }),
    );
    expect(baseEndpoints.themeColor.path).toBe('/api/base/my_desktop/color');
  });

  it('spec §3/§9: a failed call keeps the default theme and resolves', async () => {
    const { http } = fakeHttp(() =>
      Promise.reject(
        new HttpError({
          failure: { kind: 'transport', message: 'Network Error' },
          notice: { type: 'error', message: 'Network Error' },
        }),
      ),
    );
    const applied = await loadTheme({ http, doc: document, version: VERSION });
    expect(applied).toEqual({
      theme: null,
      themeColor: '#457CD6',
      layout: 'top',
      layoutClass: 'layout-top',
      stylesheet: null,
      source: 'default',
    });
    expect(primary()).toBe('#457CD6');
    expect(document.body.classList.contains('layout-top')).toBe(true);
    expect(themeLinks()).toHaveLength(0);
  });

  it('spec §3/§9: a body status other than 200 keeps the default theme', async () => {
    const { http } = fakeHttp(() => Promise.resolve({ status: 500, message: 'boom' }));
    const applied = await loadTheme({ http, doc: document, version: VERSION });
    expect(applied).toMatchObject({ source: 'default', themeColor: '#457CD6' });
  });

  it('spec §4: ink forces top, clears the layout class and uses its own colour and stylesheet', async () => {
    document.body.classList.add('layout-left', 'other');
    const { http } = serverTheme({ theme: 'ink', themeColor: '#FF0000', currentLayout: 'left' });
    const applied = await loadTheme({ http, doc: document, version: VERSION });
    expect(applied).toEqual({
      theme: 'ink',
      themeColor: '#A9947F',
      layout: 'top',
      layoutClass: null,
      stylesheet: INK_CSS,
      source: 'server',
    });
    expect(document.body.className).toBe('other');
    expect(primary()).toBe('#A9947F');
    expect([...themeLinks()].map((l) => l.getAttribute('href'))).toEqual([INK_CSS]);
    expect((themeLinks()[0] as HTMLLinkElement).rel).toBe('stylesheet');
  });

  it('spec §4: a colour theme with the left layout sets layout-left', async () => {
    document.body.classList.add('layout-top');
    const { http } = serverTheme({ theme: null, themeColor: '#3d9a6b', currentLayout: 'left' });
    const applied = await loadTheme({ http, doc: document, version: VERSION });
    expect(applied).toMatchObject({ layout: 'left', layoutClass: 'layout-left', stylesheet: null });
    expect([...document.body.classList]).toEqual(['layout-left']);
    expect(primary()).toBe('#3D9A6B');
    expect(document.documentElement.style.getPropertyValue('--ph-primary-dark-2')).toMatch(
      /^#[0-9A-F]{6}$/,
    );
  });

  it.each(['red', 'expression(alert(1))', '#12345', '', null, 42])(
    'spec §3/§9: an invalid colour from the server (%s) is ignored and the default used',
    async (themeColor) => {
      const { http } = serverTheme({ theme: null, themeColor, currentLayout: 'top' });
      const applied = await loadTheme({ http, doc: document, version: VERSION });
      expect(applied.themeColor).toBe('#457CD6');
      expect(primary()).toBe('#457CD6');
    },
  );

  it('spec §3: an unknown layout from the server means top', async () => {
    const { http } = serverTheme({ theme: null, themeColor: '#457CD6', currentLayout: 'side' });
    const applied = await loadTheme({ http, doc: document, version: VERSION });
    expect(applied.layoutClass).toBe('layout-top');
  });
});

describe('applyTheme stylesheet link (spec §7 theme stylesheets)', () => {
  it('spec §7: the stylesheet link is swapped, never duplicated', async () => {
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.href = '/app.css';
    document.head.appendChild(other);

    await loadTheme({
      ...serverTheme({ theme: 'ink', themeColor: '#A9947F', currentLayout: 'top' }),
      doc: document,
      version: VERSION,
    });
    const first = themeLinks()[0];
    await loadTheme({
      ...serverTheme({ theme: 'ink', themeColor: '#A9947F', currentLayout: 'top' }),
      doc: document,
      version: VERSION,
    });
    expect(themeLinks()).toHaveLength(1);
    expect(themeLinks()[0]).toBe(first); // same sheet: kept, not reloaded

    await loadTheme({
      ...serverTheme({ theme: 'cartoon', themeColor: '#3ABAE8', currentLayout: 'top' }),
      doc: document,
      version: VERSION,
    });
    expect([...themeLinks()].map((l) => l.getAttribute('href'))).toEqual([CARTOON_CSS]);
    expect(document.head.contains(other)).toBe(true);
  });

  it('spec §4: switching back to a plain colour removes the theme stylesheet', () => {
    applyTheme({ doc: document, version: VERSION, theme: 'lotus' });
    expect(themeLinks()).toHaveLength(1);
    const applied = applyTheme({
      doc: document,
      version: VERSION,
      theme: 'blue',
      themeColor: '#457CD6',
      layout: 'left',
    });
    expect(themeLinks()).toHaveLength(0);
    expect(applied.layoutClass).toBe('layout-left');
  });

  it('spec §7: a bad version throws before the document is touched', () => {
    expect(() => applyTheme({ doc: document, version: '../x', theme: 'ink' })).toThrow(TypeError);
    expect(themeLinks()).toHaveLength(0);
    expect(primary()).toBe('');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appNamedByPath, isPhoneUserAgent, redirectPathTarget } from './redirect-path.ts';

const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-redirect-'));
fs.mkdirSync(path.join(pagesDir, 'cms', 'mobile_cms_tm'), { recursive: true });
fs.writeFileSync(path.join(pagesDir, 'cms', 'mobile_cms_tm', 'index.html'), '');
fs.mkdirSync(path.join(pagesDir, 'pages'), { recursive: true });
afterAll(() => fs.rmSync(pagesDir, { recursive: true, force: true }));

describe('the spec §2 redirect-path rule on the server', () => {
  it('names an app only by a deployed folder in the second segment, never one of the portal’s own', () => {
    expect(appNamedByPath('/cms/notice', pagesDir)).toBe('cms');
    expect(appNamedByPath('/cms', pagesDir)).toBe('cms');
    expect(appNamedByPath('/edu/home', pagesDir)).toBeNull();
    expect(appNamedByPath('/pages/x', pagesDir)).toBeNull();
    expect(appNamedByPath('/..%2Fcms/x', pagesDir)).toBeNull();
    // The cases the SDK's former copy of the rule was tested with (docs/decisions.md).
    expect(appNamedByPath('', pagesDir)).toBeNull();
    expect(appNamedByPath('/desktop/home', pagesDir)).toBeNull();
    expect(appNamedByPath('/pages/cms/pc_cms_tm/index.html', pagesDir)).toBeNull();
    expect(
      redirectPathTarget({ url: '/cms?x=1', pagesDir, userType: 2, userAgent: undefined }),
    ).toBe('/pages/cms/pc_cms_tm/index.html');
  });

  it('leads by the landing reading of spec §6, the phone page only where deployed', () => {
    const target = (userType: number | null, userAgent?: string) =>
      redirectPathTarget({ url: '/cms/notice?x=1', pagesDir, userType, userAgent });
    expect(target(2)).toBe('/pages/cms/pc_cms_tm/index.html');
    expect(target(4)).toBe('/pages/cms/pc_cms_tm/index.html');
    expect(target(1)).toBe('/pages/cms/pc_cms_spm/index.html');
    expect(target(3)).toBe('/pages/cms/pc_cms_spm/index.html');
    expect(target(2, 'Mozilla/5.0 (Linux; Android 14) Mobile Safari')).toBe(
      '/pages/cms/mobile_cms_tm/index.html',
    );
    expect(target(3, 'Mozilla/5.0 (iPhone) Mobile/15E148')).toBe(
      '/pages/cms/pc_cms_spm/index.html',
    );
    expect(target(null)).toBe('/login?redirect_uri=%2Fcms%2Fnotice%3Fx%3D1');
  });

  it('tells phones from tablets and PCs by the Mobi token', () => {
    expect(isPhoneUserAgent('Mozilla/5.0 (iPhone) Mobile/15E148')).toBe(true);
    expect(isPhoneUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0) AppleWebKit Safari')).toBe(false);
    expect(isPhoneUserAgent(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { appPageFromPath } from './app-page-path.ts';

describe('appPageFromPath (spec §2 app pages)', () => {
  it('reads the app and file of an app page, with or without index.html', () => {
    expect(appPageFromPath('/pages/cms/pc_cms_tm/index.html')).toEqual({
      app: 'cms',
      fileId: 'pc_cms_tm',
    });
    expect(appPageFromPath('/pages/cms/pc_cms_spm/')).toEqual({ app: 'cms', fileId: 'pc_cms_spm' });
    expect(appPageFromPath('/deploy/pages/cms/pc_cms_tm/index.html')).toEqual({
      app: 'cms',
      fileId: 'pc_cms_tm',
    });
  });

  it('gives null for the viewport and for names outside the allowed characters', () => {
    expect(appPageFromPath('/viewport')).toBeNull();
    expect(appPageFromPath('/pages/cms/pc%2Fcms/index.html')).toBeNull();
    expect(appPageFromPath('/pages/cms/pc_cms_tm/other.html')).toBeNull();
    expect(appPageFromPath('/pages/%E0%A4%A/x/index.html')).toBeNull();
  });
});

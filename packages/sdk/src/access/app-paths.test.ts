import { describe, expect, it } from 'vitest';
import { idPathVariant, landingVariant } from '@campus/contracts/user-types';
import { appPagePath, resolveRoot } from './app-paths.ts';

describe('the two tm/spm readings (spec §6)', () => {
  it.each([
    [1, 'spm', 'spm'],
    [2, 'tm', 'tm'],
    [3, 'spm', 'spm'],
    [4, 'tm', 'tm'],
    [5, 'spm', 'tm'],
    [undefined, 'spm', 'tm'],
  ] as const)('spec §6: user type %s → landing %s, id path %s', (userType, landing, idPath) => {
    expect(landingVariant(userType)).toBe(landing);
    expect(idPathVariant(userType)).toBe(idPath);
  });
});

describe('appPagePath (spec §2 app pages)', () => {
  it('spec §2: {root}/{serverId}/pc_{code}_{idPath}/index.html, root pages by default', () => {
    expect(appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm' })).toBe(
      '/pages/cms/pc_cms_tm/index.html',
    );
    expect(appPagePath({ code: 'cms', serverId: 'school', idPath: 'spm', root: 'area' })).toBe(
      '/area/school/pc_cms_spm/index.html',
    );
  });

  it('spec §2: a deploy path replaces the root, however its slashes are written', () => {
    for (const deployPath of ['apps', '/apps', '/apps/', 'apps//']) {
      expect(appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm', deployPath })).toBe(
        '/apps/cms/pc_cms_tm/index.html',
      );
    }
    expect(
      appPagePath({
        code: 'cms',
        serverId: 'cms',
        idPath: 'tm',
        deployPath: 'https://cdn.example/p/',
      }),
    ).toBe('https://cdn.example/p/cms/pc_cms_tm/index.html');
    expect(appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm', deployPath: '  ' })).toBe(
      '/pages/cms/pc_cms_tm/index.html',
    );
    expect(appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm', root: '/' })).toBe(
      '/cms/pc_cms_tm/index.html',
    );
  });

  it('spec §2: pre wins over the id path outside development', () => {
    expect(appPagePath({ code: 'desktop', serverId: 'desktop', idPath: 'tm', pre: 'all' })).toBe(
      '/pages/desktop/pc_desktop_all/index.html',
    );
    expect(appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm', pre: '' })).toBe(
      '/pages/cms/pc_cms_tm/index.html',
    );
  });

  it('spec §2: in development /pc_{code}_{idPath}.html', () => {
    expect(
      appPagePath({ code: 'cms', serverId: 'cms', idPath: 'spm', pre: 'all', development: true }),
    ).toBe('/pc_cms_spm.html');
  });

  it('spec §2: the mobile equivalent uses mobile_ for pc_, as mobile_desktop_all does', () => {
    expect(
      appPagePath({ code: 'desktop', serverId: 'desktop', idPath: 'tm', pre: 'all', mobile: true }),
    ).toBe('/pages/desktop/mobile_desktop_all/index.html');
    expect(appPagePath({ code: 'cms', serverId: 'cms', idPath: 'spm', mobile: true })).toBe(
      '/pages/cms/mobile_cms_spm/index.html',
    );
    expect(
      appPagePath({ code: 'cms', serverId: 'cms', idPath: 'tm', mobile: true, development: true }),
    ).toBe('/mobile_cms_tm.html');
  });

  it('spec §2: server data cannot climb out of its folder', () => {
    expect(appPagePath({ code: '../x', serverId: 'a/b', idPath: 'tm' })).toBe(
      '/pages/a%2Fb/pc_..%2Fx_tm/index.html',
    );
  });
});

describe('resolveRoot (spec §7 root rule)', () => {
  it('spec §7: outside development, the first segment of the page location', () => {
    expect(resolveRoot({ pathname: '/pages/cms/pc_cms_tm/index.html', code: 'cms' })).toBe('pages');
    expect(resolveRoot({ pathname: '//school/cms/pc_cms_tm/index.html', code: 'cms' })).toBe(
      'school',
    );
  });

  it('spec §7: in development, the fixed root (default pages)', () => {
    expect(resolveRoot({ pathname: '/pc_cms_tm.html', code: 'cms', development: true })).toBe(
      'pages',
    );
    expect(
      resolveRoot({ pathname: '/x/y', code: 'cms', development: true, fixedRoot: 'apps' }),
    ).toBe('apps');
  });

  it("spec §7: a code containing 'area' gives the literal 'area', in every mode", () => {
    expect(resolveRoot({ pathname: '/pages/areacms/x/index.html', code: 'areacms' })).toBe('area');
    expect(resolveRoot({ pathname: '/x', code: 'cms_area', development: true })).toBe('area');
  });

  it('spec §7: a path without a segment falls back to the fixed root', () => {
    expect(resolveRoot({ pathname: '/', code: 'cms' })).toBe('pages');
  });
});

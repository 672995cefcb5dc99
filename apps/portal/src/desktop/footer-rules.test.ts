import { describe, expect, it } from 'vitest';
import { deploymentFlags, footerModel, HELP_CENTRE_PATH, helpCentreUrl } from './footer-rules.ts';

const config = { footer: '阳光小学官方网站', link: 'https://school.example/', helpCenter: true };
const filings = [
  { baUrl: 'https://beian.miit.gov.cn/', baContent: '京ICP备2026000001号-1', showImg: false },
  { baUrl: 'javascript:alert(1)', baContent: '京公网安备', showImg: false },
];

describe('the desktop footer (spec §2 Footer, §3)', () => {
  it('shows the copyright, the footer text as a safe link, and the filing entries', () => {
    const model = footerModel(config, {
      footerMsg: { show: true, showBaMsg: true, baList: filings, copyright: 'Copyright © 2026 X' },
    });
    expect(model).toEqual({
      copyright: 'Copyright © 2026 X',
      footerText: '阳光小学官方网站',
      link: 'https://school.example/',
      filings,
      helpCentre: true,
    });
  });

  it('shows filing entries only when enabled and present', () => {
    expect(
      footerModel(config, { footerMsg: { showBaMsg: false, baList: filings } }).filings,
    ).toEqual([]);
    expect(footerModel(config, { footerMsg: { showBaMsg: true, baList: [] } }).filings).toEqual([]);
    expect(footerModel(config, { footerMsg: { showBaMsg: true } }).filings).toEqual([]);
    expect(
      footerModel(config, { footerMsg: { showBaMsg: true, baList: [{ baContent: ' ' }] } }).filings,
    ).toEqual([]);
    expect(
      footerModel(config, { footerMsg: { show: false, showBaMsg: true, baList: filings } }),
    ).toMatchObject({ filings: [], copyright: null });
  });

  it('drops a link that is not http(s) and keeps the text', () => {
    const model = footerModel({ ...config, link: 'javascript:alert(1)' }, {});
    expect(model.footerText).toBe('阳光小学官方网站');
    expect(model.link).toBeNull();
    expect(footerModel({ ...config, footer: null }, {}).link).toBeNull();
  });

  it('shows the help centre when footerMsg says so, else by the unit flag', () => {
    expect(footerModel(config, { footerMsg: { helpCenter: false } }).helpCentre).toBe(false);
    expect(
      footerModel({ ...config, helpCenter: false }, { footerMsg: { helpCenter: true } }).helpCentre,
    ).toBe(true);
    expect(footerModel({ ...config, helpCenter: false }, {}).helpCentre).toBe(false);
    expect(footerModel(config, {}).helpCentre).toBe(true);
    expect(footerModel(null, {}).helpCentre).toBe(false);
  });
});

describe('the help-centre address (spec §2: redUrl, accessToken, unitId)', () => {
  it('carries the three parameters, never a token', () => {
    const url = new URL(
      helpCentreUrl({
        base: null,
        redUrl: 'http://h.example/desktop/home?x=1',
        unitId: 'demo-unit-sunshine',
        origin: 'http://h.example',
      }) ?? '',
    );
    expect(url.pathname).toBe(HELP_CENTRE_PATH);
    expect(url.searchParams.get('redUrl')).toBe('http://h.example/desktop/home?x=1');
    expect(url.searchParams.get('unitId')).toBe('demo-unit-sunshine');
    expect(url.searchParams.has('accessToken')).toBe(true);
    expect(url.searchParams.get('accessToken')).toBe('');
  });

  it('refuses an unsafe configured address', () => {
    expect(
      helpCentreUrl({ base: 'javascript:alert(1)', redUrl: 'x', unitId: 'u', origin: 'http://h' }),
    ).toBeNull();
    expect(
      helpCentreUrl({
        base: 'https://help.example/c',
        redUrl: 'x',
        unitId: 'u',
        origin: 'http://h',
      }),
    ).toMatch(/^https:\/\/help\.example\/c\?redUrl=x&accessToken=&unitId=u$/);
  });
});

describe('deployment flags on the PH global (spec §2 help-centre callback, About variant)', () => {
  it('reads the callback, the help address and the operations-management flag', () => {
    const calls: unknown[] = [];
    const flags = deploymentFlags({
      helpCenter: (target: unknown) => calls.push(target),
      appConfig: { oam: true, helpCenterUrl: 'https://help.example/' },
    });
    expect(flags.oam).toBe(true);
    expect(flags.helpCenterUrl).toBe('https://help.example/');
    flags.helpCenter?.({ redUrl: 'r', unitId: 'u' });
    expect(calls).toEqual([{ redUrl: 'r', unitId: 'u' }]);
  });

  it('treats a missing or malformed global as unset', () => {
    for (const ph of [
      undefined,
      null,
      'x',
      { appConfig: 'x', helpCenter: 'x' },
      { appConfig: { oam: 'yes' } },
    ]) {
      expect(deploymentFlags(ph)).toEqual({ oam: false, helpCenter: null, helpCenterUrl: null });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { footerModel, unitText } from './unit-footer.ts';

const config = { footer: '阳光小学官方网站', link: 'https://school.example/', helpCenter: true };
const filings = [
  { baUrl: 'https://beian.miit.gov.cn/', baContent: '京ICP备2026000001号-1', showImg: false },
  { baUrl: 'javascript:alert(1)', baContent: '京公网安备', showImg: false },
];

describe('a unit footer on the login page and the desktop (spec §2 Footer, §3)', () => {
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

  it('shows the side of a bilingual copyright and footer text for the language (spec §8 |||)', () => {
    const bilingual = {
      ...config,
      footer: '阳光小学官方网站|||Sunshine Primary School website',
    };
    const decoration = {
      footerMsg: { copyright: 'Copyright © 2026 阳光小学 版权所有|||Copyright © 2026 Sunshine' },
    };
    expect(footerModel(bilingual, decoration, 'zh-CN')).toMatchObject({
      copyright: 'Copyright © 2026 阳光小学 版权所有',
      footerText: '阳光小学官方网站',
    });
    expect(footerModel(bilingual, decoration, 'en')).toMatchObject({
      copyright: 'Copyright © 2026 Sunshine',
      footerText: 'Sunshine Primary School website',
      link: 'https://school.example/',
    });
  });
});

describe('unitText', () => {
  it('keeps a one-language text in every language and drops an empty one', () => {
    expect(unitText('阳光小学官方网站', 'en')).toBe('阳光小学官方网站');
    expect(unitText('  ', 'zh-CN')).toBeNull();
    expect(unitText(null, 'en')).toBeNull();
    expect(unitText('中文|||', 'en')).toBe('中文');
    expect(unitText('|||English', 'zh-CN')).toBe('English');
  });
});

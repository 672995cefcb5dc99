import { describe, expect, it } from 'vitest';
import en from '../../locales/desktop/en.json';
import zhCN from '../../locales/desktop/zh-CN.json';
import { dayPartOf, formatLongDate, roleKeyOf } from './welcome.ts';

describe('welcome panel helpers', () => {
  it('splits the day at 05:00, noon and 18:00', () => {
    expect([0, 4, 5, 11, 12, 17, 18, 23].map(dayPartOf)).toEqual([
      'evening',
      'evening',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });

  it('writes the date in the page language', () => {
    const date = new Date(2026, 10, 22, 9);
    expect(formatLongDate(date, 'en')).toBe('Sunday, November 22, 2026');
    expect(formatLongDate(date, 'zh-CN')).toBe('2026年11月22日星期日');
  });

  it('names the role of each user type (spec §1: 2 teacher, 3 parent)', () => {
    expect(roleKeyOf(2)).toBe('desktop.roles.2');
    expect(en.desktop.roles['2']).toBe('Teacher');
    expect(zhCN.desktop.roles['3']).toBe('家长');
    expect(roleKeyOf(9)).toBe('desktop.roles.other');
  });
});

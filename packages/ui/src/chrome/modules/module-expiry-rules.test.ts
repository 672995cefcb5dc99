import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_MS } from '@campus/sdk/module-status';
import { messageWithModules, moduleExpiryRows, moduleName } from './module-expiry-rules.ts';

const NOW = Date.UTC(2026, 10, 22);
const DAY = 86_400_000;
const mod = (
  code: string,
  endTime: number,
  name: string | null = null,
  englishName: string | null = null,
) => ({
  code,
  endTime,
  name,
  englishName,
});

describe('module-expiry table (spec §4, §9: expired, then within 7,776,000,000 ms, then in use)', () => {
  it('sorts expired, soon-to-expire and in-use modules in that order', () => {
    const modules = [
      mod('cms', NOW + 400 * DAY, '信息发布', 'News and Notices'),
      mod('canteen', NOW + 30 * DAY, '智慧食堂', 'Smart Canteen'),
      mod('library', NOW - 15 * DAY, '图书借阅', 'Library'),
      mod('edu', NOW + EXPIRY_WARNING_MS, '教务管理', 'Academic Affairs'),
      mod('exam', NOW + EXPIRY_WARNING_MS + 1),
    ];
    const rows = moduleExpiryRows(modules, NOW, 'en');
    expect(EXPIRY_WARNING_MS).toBe(7_776_000_000);
    expect(rows.map((row) => [row.code, row.status])).toEqual([
      ['library', 'expired'],
      ['canteen', 'soon'],
      ['edu', 'soon'],
      ['exam', 'inUse'],
      ['cms', 'inUse'],
    ]);
    expect(rows.map((row) => row.name)).toEqual([
      'Library',
      'Smart Canteen',
      'Academic Affairs',
      'exam',
      'News and Notices',
    ]);
  });

  it('names modules in the page language, falling back to the other name, then the code', () => {
    expect(moduleName(mod('cms', 0, '信息发布', 'News'), 'zh-CN')).toBe('信息发布');
    expect(moduleName(mod('cms', 0, '信息发布', null), 'en')).toBe('信息发布');
    expect(moduleName(mod('cms', 0, ' ', ''), 'zh-CN')).toBe('cms');
  });

  it('accepts only a message with a module list as the payload', () => {
    expect(messageWithModules({ id: 'm1', content: [] })).toEqual({ id: 'm1', content: [] });
    expect(messageWithModules({ id: 'm1', content: null })).toBeNull();
    expect(messageWithModules('m1')).toBeNull();
    expect(messageWithModules(undefined)).toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { InitOptionsError } from './init-options.ts';
import { installPhGlobal, requirePhGlobal, setAppConfig } from './ph-global.ts';

const host = () => window as unknown as { PH?: unknown };

afterEach(() => {
  delete host().PH;
});

describe('installPhGlobal (DESIGN.md §2, spec §5: the PH global exists and is an object)', () => {
  it('spec §5: creates window.PH as an object when absent', () => {
    expect(host().PH).toBeUndefined();
    const ph = installPhGlobal(window);
    expect(host().PH).toBe(ph);
    expect(typeof ph).toBe('object');
  });

  it('spec §5: creates it once: a second call returns the same object with its fields', () => {
    const first = installPhGlobal(window);
    first.lang = { hello: 'Hello' };
    expect(installPhGlobal(window)).toBe(first);
    expect(requirePhGlobal(window).lang).toEqual({ hello: 'Hello' });
  });

  it('spec §5: keeps an existing object global', () => {
    const existing = { version: '1.6.0' };
    host().PH = existing;
    expect(installPhGlobal(window)).toBe(existing);
  });

  it('spec §5/§8: a non-object left by another script is not overwritten; it throws', () => {
    host().PH = 'not mine';
    expect(() => installPhGlobal(window)).toThrow('the PH global not found');
    expect(host().PH).toBe('not mine');
  });
});

describe('requirePhGlobal (spec §5, §8 "the PH global not found")', () => {
  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', 'PH'],
    ['a number', 1],
    ['an array', []],
    ['a function', () => undefined],
  ])('spec §5/§8: %s → InitOptionsError', (_label, value) => {
    if (value !== undefined) host().PH = value;
    expect(() => requirePhGlobal(window)).toThrow(new InitOptionsError('ph-global-missing'));
    expect(() => requirePhGlobal(window)).toThrow('the PH global not found');
  });

  it('spec §8: the error is bilingual', () => {
    try {
      requirePhGlobal(window);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InitOptionsError);
      expect((error as InitOptionsError).messages['zh-CN']).toBe('未找到 PH 全局对象');
    }
  });

  it('spec §5: returns the object global', () => {
    const ph = { a: 1 };
    host().PH = ph;
    expect(requirePhGlobal(window)).toBe(ph);
  });
});

describe('setAppConfig (spec §5 plain object only, §8 "wrong argument, pass an object")', () => {
  it('spec §5: sets a shallow copy of a plain object', () => {
    const ph = installPhGlobal(window);
    const value = { title: 'CMS', nested: { a: 1 } };
    const config = setAppConfig(ph, value);
    expect(ph.appConfig).toBe(config);
    expect(config).toEqual(value);
    value.title = 'changed';
    expect(ph.appConfig?.title).toBe('CMS');
  });

  it('spec §5: an object without a prototype is a plain object too', () => {
    const ph = installPhGlobal(window);
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(setAppConfig(ph, value)).toEqual({ a: 1 });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'config'],
    ['a number', 3],
    ['an array', [{ a: 1 }]],
    ['a date', new Date(0)],
    ['a class instance', new (class Config {})()],
    ['a function', () => ({})],
  ])('spec §5/§8: %s → "wrong argument, pass an object", config unchanged', (_label, value) => {
    const ph = installPhGlobal(window);
    setAppConfig(ph, { kept: true });
    expect(() => setAppConfig(ph, value)).toThrow(new InitOptionsError('app-config-not-object'));
    expect(() => setAppConfig(ph, value)).toThrow('wrong argument, pass an object');
    expect(ph.appConfig).toEqual({ kept: true });
  });

  it('spec §8: the error is bilingual', () => {
    const error = new InitOptionsError('app-config-not-object');
    expect(error.messages).toEqual({
      'zh-CN': '参数错误，请传入一个对象',
      en: 'wrong argument, pass an object',
    });
  });
});

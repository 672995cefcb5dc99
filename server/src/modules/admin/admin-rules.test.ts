import { describe, expect, it } from 'vitest';
import type { FieldError } from '@campus/contracts/envelope';
import {
  checkPhone,
  checkSex,
  checkSsoUrl,
  checkUnitNames,
  generatePassword,
  passwordProblem,
} from './admin-rules.ts';

/** The English half of each field error, as `field: message`. */
const english = (errors: FieldError[]) =>
  errors.map((e) => `${e.field}: ${e.message.split('|||')[1]}`);

describe('generatePassword (issue 13 §2: a password made by the server)', () => {
  it('always passes the default rule of spec §5, and never repeats', () => {
    const made = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(passwordProblem(password)).toBeNull();
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9@#%+=!?]{12}$/);
      made.add(password);
    }
    expect(made.size).toBe(500);
  });
});

describe('checkPhone (spec §5: 11 digits starting with 1)', () => {
  it('answers a number, none for empty, and refuses anything else', () => {
    const errors: FieldError[] = [];
    expect(checkPhone(errors, ' 13800138000 ')).toBe('13800138000');
    expect(checkPhone(errors, '')).toBeNull();
    expect(checkPhone(errors, null)).toBeNull();
    expect(errors).toEqual([]);
    for (const bad of ['23800138000', '1380013800', '138001380001', '1380013800a']) {
      const refused: FieldError[] = [];
      checkPhone(refused, bad);
      expect(english(refused)).toEqual([
        `phone: The phone number must be 11 digits starting with 1, got "${bad}"`,
      ]);
    }
  });
});

describe('checkSex, checkUnitNames, checkSsoUrl', () => {
  it('takes sex 0, 1 or 2 only', () => {
    const errors: FieldError[] = [];
    [0, 1, 2].forEach((sex) => checkSex(errors, sex));
    expect(errors).toEqual([]);
    checkSex(errors, 3);
    expect(english(errors)).toEqual(['sex: Sex must be 0 (not given), 1 (male) or 2 (female)']);
  });

  it('trims unit names, an empty English name being none, and counts characters as a person does', () => {
    const errors: FieldError[] = [];
    expect(checkUnitNames(errors, { name: ' 阳光小学 ', enName: '  ' })).toEqual({
      name: '阳光小学',
      enName: null,
    });
    checkUnitNames(errors, { name: '校'.repeat(100), enName: null });
    expect(errors).toEqual([]);
    checkUnitNames(errors, { name: '校'.repeat(101), enName: 'e'.repeat(201) });
    expect(english(errors)).toEqual([
      'name: Unit name must be at most 100 characters',
      'enName: The English name must be at most 200 characters',
    ]);
  });

  it('takes an http(s) SSO URL, or none; refuses a script or a relative address', () => {
    const errors: FieldError[] = [];
    expect(checkSsoUrl(errors, 'https://sso.example/login', 'ssoUrl')).toBe(
      'https://sso.example/login',
    );
    expect(checkSsoUrl(errors, 'NONE', 'ssoUrl')).toBeNull();
    expect(checkSsoUrl(errors, '', 'ssoUrl')).toBeNull();
    expect(errors).toEqual([]);
    checkSsoUrl(errors, 'javascript:alert(1)', 'ssoUrl');
    checkSsoUrl(errors, '/relative', 'url');
    expect(errors.map((e) => e.field)).toEqual(['ssoUrl', 'url']);
  });
});

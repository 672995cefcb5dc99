import { describe, expect, it } from 'vitest';
import {
  isValidPassword,
  isValidSimplePassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@campus/contracts/password-rules';
import { isValidContact, isValidEmail, isValidIdCard, isValidPhone } from './validators.ts';

describe('password length constants (spec §5, §9: 8 to 20)', () => {
  it('are 8 and 20', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(20);
  });
});

describe('isValidPassword (spec §5 default rule)', () => {
  it.each([
    ['a1a1a1a', 7, false],
    ['a1a1a1a1', 8, true],
    ['a1a1a1a1a1a1a1a1a1a1', 20, true],
    ['a1a1a1a1a1a1a1a1a1a1a', 21, false],
  ] as const)('spec §5 length 8 to 20: %s (%i chars) is %s', (value, length, expected) => {
    expect(value).toHaveLength(length);
    expect(isValidPassword(value)).toBe(expected);
  });

  it('spec §5 counts characters, not UTF-16 units (8 code points with an emoji pass)', () => {
    expect(isValidPassword('abcdef1😀')).toBe(true);
    expect(isValidPassword('abcde1😀')).toBe(false);
  });

  it.each(['pass word1', ' password1', 'password1 ', 'pass\tword1', 'pass\nword1'])(
    'spec §5 no spaces: rejects %j',
    (value) => {
      expect(isValidPassword(value)).toBe(false);
    },
  );

  it.each(['password1中', '密码password1', 'abc12345汉'])(
    'spec §5 no Chinese characters: rejects %s',
    (value) => {
      expect(isValidPassword(value)).toBe(false);
    },
  );

  it.each([
    ['digits only', '12345678'],
    ['letters only', 'abcdEFGH'],
    ['other characters only', '!@#$%^&*'],
  ])('spec §5 at least two kinds: rejects %s', (_kind, value) => {
    expect(isValidPassword(value)).toBe(false);
  });

  it.each([
    ['digits + letters', 'abcd1234'],
    ['digits + other', '1234!@#$'],
    ['letters + other', 'abcd!@#$'],
    ['all three kinds', 'Teacher@2026'],
  ])('spec §5 at least two kinds: accepts %s', (_kind, value) => {
    expect(isValidPassword(value)).toBe(true);
  });

  it('spec §5 treats a non-ASCII letter as an "other" character', () => {
    expect(isValidPassword('éééééééé')).toBe(false);
    expect(isValidPassword('abcdéééé')).toBe(true);
  });
});

describe('isValidSimplePassword (spec §5 alternative rule)', () => {
  it.each([
    ['abcdefg', false],
    ['abcdefgh', true],
    ['a'.repeat(20), true],
    ['a'.repeat(21), false],
  ])('spec §5 length 8 to 20: %s is %s', (value, expected) => {
    expect(isValidSimplePassword(value)).toBe(expected);
  });

  it.each(['abc_defg', 'abc.defg', 'abc@defg', 'abc-defg', '12345678', 'Ab1_.@-z'])(
    'spec §5 letters, digits and _ . @ - only: accepts %s',
    (value) => {
      expect(isValidSimplePassword(value)).toBe(true);
    },
  );

  it.each(['abc#defg', 'abc defg', 'abc!defg', 'abcdefg中', 'abc+defg'])(
    'spec §5 letters, digits and _ . @ - only: rejects %j',
    (value) => {
      expect(isValidSimplePassword(value)).toBe(false);
    },
  );
});

describe('isValidIdCard (spec §5 15- or 18-digit with valid month and day)', () => {
  it.each([
    ['110101199003074518', '18 digits'],
    ['11010119900307451X', '18 with X'],
    ['11010119900307451x', '18 with lowercase x'],
    ['110101200002294512', 'Feb 29 in 2000 (leap)'],
    ['110101199012314512', 'Dec 31'],
    ['110101900307451', '15 digits, 1990-03-07'],
    ['110101960229451', '15 digits, Feb 29 1996 (leap)'],
  ])('spec §5 accepts %s (%s)', (value) => {
    expect(isValidIdCard(value)).toBe(true);
  });

  it.each([
    ['110101199013074518', 'month 13'],
    ['110101199000074518', 'month 00'],
    ['110101199003324518', 'day 32'],
    ['110101199003004518', 'day 00'],
    ['110101199004314518', 'April 31'],
    ['110101199002304518', 'Feb 30'],
    ['110101190002294518', 'Feb 29 in 1900 (not leap)'],
    ['110101199102294518', 'Feb 29 in 1991'],
    ['110101001302451', '15 digits, month 13'],
    ['110101000229451', '15 digits, Feb 29 1900 (not leap)'],
    ['11010190030745X', '15 digits cannot end in X'],
    ['1101011990030745', '16 digits'],
    ['11010119900307451', '17 digits'],
    ['1101011990030745181', '19 digits'],
    ['11010119900307451Y', 'Y suffix'],
    ['1101011990030745X8', 'X not last'],
    ['', 'empty'],
  ])('spec §5 rejects %s (%s)', (value) => {
    expect(isValidIdCard(value)).toBe(false);
  });

  it('spec §5 asks for month and day only: a wrong 18-digit checksum is still accepted', () => {
    // 110101199003074518 has check digit 8; 0 is the wrong one.
    expect(isValidIdCard('110101199003074510')).toBe(true);
  });
});

describe('isValidEmail (spec §5 simple pattern)', () => {
  it.each(['teacher@school.cn', 'a.b+c@mail.example.com', 'x@y.z'])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(['', 'teacher', 'teacher@school', '@school.cn', 'teacher@.', 'a b@c.d', 'a@b@c.d'])(
    'spec §5 rejects %j',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );
});

describe('isValidPhone (spec §5 11 digits starting with 1)', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['23800138000', false],
    ['1380013800', false],
    ['138001380001', false],
    ['1380013800a', false],
    ['138 0013 800', false],
    ['', false],
  ])('spec §5 %j is %s', (value, expected) => {
    expect(isValidPhone(value)).toBe(expected);
  });
});

describe('isValidContact (spec §5 empty, else digits, hyphen or whitespace)', () => {
  it.each(['', '010-65123456', '010 6512 3456', '13800138000', '0755-1234\t5678'])(
    'spec §5 accepts %j',
    (value) => {
      expect(isValidContact(value)).toBe(true);
    },
  );

  it.each(['ext. 12', '+86 10 6512', '(010)65123456', '010-6512a', '０１０'])(
    'spec §5 rejects %j',
    (value) => {
      expect(isValidContact(value)).toBe(false);
    },
  );
});

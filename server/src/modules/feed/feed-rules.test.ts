import { describe, expect, it } from 'vitest';
import {
  audienceProblems,
  newClientId,
  newSecret,
  parseBearer,
  secretHash,
  secretMatches,
  storedAudience,
} from './feed-rules.ts';

describe('audience shapes (issue 13 §4: users, a class, a grade or a unit)', () => {
  it('accepts a unit, a grade, a class, a list of users and a unit of some user types', () => {
    for (const audience of [
      { unitId: 'u' },
      { unitId: 'u', gradeName: 'Grade 3' },
      { unitId: 'u', gradeName: 'Grade 3', className: 'Class 2' },
      { unitId: 'u', userIds: ['a', 'b'] },
      { unitId: 'u', userTypes: [2, 4] },
    ]) {
      expect(audienceProblems(audience)).toEqual([]);
    }
  });

  it('refuses a class without its grade, users mixed with a grade or types, types with a grade', () => {
    const fields = (audience: Parameters<typeof audienceProblems>[0]) =>
      audienceProblems(audience).map((p) => p.field);
    expect(fields({ unitId: 'u', className: 'Class 2' })).toEqual(['audience.gradeName']);
    expect(fields({ unitId: 'u', className: 'Class 2', gradeName: '  ' })).toEqual([
      'audience.gradeName',
    ]);
    expect(fields({ unitId: 'u', userIds: ['a'], gradeName: 'Grade 3' })).toEqual([
      'audience.userIds',
    ]);
    expect(fields({ unitId: 'u', userIds: ['a'], userTypes: [3] })).toEqual(['audience.userIds']);
    expect(fields({ unitId: 'u', gradeName: 'Grade 3', userTypes: [3] })).toEqual([
      'audience.userTypes',
    ]);
    for (const problem of audienceProblems({ unitId: 'u', className: 'x', userIds: ['a'] })) {
      expect(problem.message).toContain('|||');
    }
  });

  it('stores the audience trimmed, its absent parts null, the types in order', () => {
    expect(storedAudience({ unitId: 'u', gradeName: ' Grade 3 ', userTypes: [4, 2] })).toEqual({
      gradeName: 'Grade 3',
      className: null,
      userTypes: [2, 4],
      userIds: null,
    });
  });
});

describe('the app credential (Authorization: Bearer <secret>)', () => {
  it('is a client id of the app and a secret that starts with it', () => {
    const clientId = newClientId('cms');
    expect(clientId).toMatch(/^cms-[0-9a-f]{8}$/);
    const secret = newSecret(clientId);
    expect(secret.startsWith(`${clientId}.`)).toBe(true);
    expect(newSecret(clientId)).not.toBe(secret);
    expect(parseBearer(`Bearer ${secret}`)).toEqual({ clientId, secret });
  });

  it('reads only a bearer header carrying a well-formed secret', () => {
    const secret = newSecret('cms-00000000');
    for (const header of [
      undefined,
      '',
      secret,
      `Basic ${secret}`,
      'Bearer cms-00000000',
      `Bearer ${secret}x`,
      `Bearer ${secret.replace('.', ':')}`,
      `Bearer a.b.${secret}`,
    ]) {
      expect(parseBearer(header)).toBeNull();
    }
  });

  it('keeps only a hash, which matches the secret and nothing else', () => {
    const secret = newSecret('cms-00000000');
    const stored = secretHash(secret);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(secret.split('.')[1]);
    expect(secretMatches(secret, stored)).toBe(true);
    expect(secretMatches(newSecret('cms-00000000'), stored)).toBe(false);
    expect(secretMatches(secret, 'not-hex')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { AdminResource } from '@campus/contracts/admin-apps';
import { licenceState, lines, roleGrantChanges, rolesOfApp } from './access-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const resource = (id: string, roles: string[], userTypes: number[] = []): AdminResource => ({
  id,
  appCode: 'cms',
  parentId: null,
  code: `cms:${id}`,
  name: id,
  enName: id,
  resourceType: 3,
  menuRoute: null,
  userTypes,
  roles,
  sort: 0,
});

describe('the access pages rules (issue 13 §2)', () => {
  it('reads a licence as none, expired, expiring within 90 days or valid (spec §4, §9)', () => {
    const now = 1_000 * DAY;
    expect(licenceState(null, now)).toBe('none');
    expect(licenceState(now, now)).toBe('expired');
    expect(licenceState(now + 90 * DAY, now)).toBe('expiring');
    expect(licenceState(now + 91 * DAY, now)).toBe('valid');
  });

  it("lists an app's roles with what grants them and who holds them (spec §6)", () => {
    const resources = [resource('a', ['EDITOR']), resource('b', ['EDITOR', 'READER'])];
    const roles = {
      assignments: [
        { userId: 'u', loginName: 'l', realName: 'r', userType: 2, appCode: 'cms', role: 'EDITOR' },
        { userId: 'u', loginName: 'l', realName: 'r', userType: 2, appCode: 'edu', role: 'X' },
      ],
      known: [
        { appCode: 'base', role: 'XX_SYS_' },
        { appCode: 'cms', role: 'AUDITOR' },
      ],
    };
    expect(rolesOfApp('cms', resources, roles)).toEqual([
      { role: 'AUDITOR', resourceIds: [], holders: 0 },
      { role: 'EDITOR', resourceIds: ['a', 'b'], holders: 1 },
      { role: 'READER', resourceIds: ['b'], holders: 0 },
    ]);
  });

  it('writes only the entries that gain or lose a role', () => {
    const resources = [resource('a', ['EDITOR'], [2]), resource('b', []), resource('c', ['X'])];
    const changes = roleGrantChanges('unit', 'EDITOR', resources, ['b', 'c']);
    expect(changes.map((c) => [c.id, c.roles, c.userTypes, c.unitId])).toEqual([
      ['a', [], [2], 'unit'],
      ['b', ['EDITOR'], [], 'unit'],
      ['c', ['X', 'EDITOR'], [], 'unit'],
    ]);
  });

  it('splits typed lines, leaving out blanks', () => {
    expect(lines(' https://a/cb \r\n\n http://127.0.0.1:8080/cb ')).toEqual([
      'https://a/cb',
      'http://127.0.0.1:8080/cb',
    ]);
    expect(lines(undefined)).toEqual([]);
  });
});

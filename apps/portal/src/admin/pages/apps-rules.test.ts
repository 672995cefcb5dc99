import { describe, expect, it } from 'vitest';
import type { AdminApp, AdminAppGroup } from '@campus/contracts/admin-apps';
import {
  appBodyOf,
  formValuesOf,
  groupApps,
  moveApp,
  outcomeOf,
  userTypesOf,
} from './apps-rules.ts';

const group = (code: string, sort: number): AdminAppGroup => ({
  code,
  name: `组${code}`,
  enName: `Group ${code}`,
  sort,
});

function app(code: string, groupCode: string, sort: number): AdminApp {
  const icon = { url: `/icons/${code}`, uploaded: false };
  return {
    code,
    groupCode,
    name: code,
    shortName: code,
    englishName: code,
    englishShortName: code,
    serverId: code,
    deployPath: null,
    updateStatus: 1,
    menuRoute: null,
    frontUserType: '1,2,3,4',
    limitUserType: '2,3',
    iconColor: '#123456',
    sort,
    icons: { gray: icon, color: icon, cartoon: icon },
    installed: false,
  };
}

const catalogue = {
  groups: [group('b', 2), group('a', 1)],
  apps: [
    app('x', 'b', 5),
    app('y', 'a', 3),
    app('z', 'a', 1),
    app('w', 'b', 2),
    app('o', 'gone', 0),
  ],
};

describe('the Apps page rules', () => {
  it('lists the apps group by group in menu order, an unknown group last under its code', () => {
    const rows = groupApps(catalogue);
    expect(rows.map((r) => [r.group.code, r.apps.map((a) => a.code)])).toEqual([
      ['a', ['z', 'y']],
      ['b', ['w', 'x']],
      ['gone', ['o']],
    ]);
  });

  it('moves an app within its group as the whole order, not past either end', () => {
    const rows = groupApps(catalogue);
    expect(moveApp(rows, 'x', -1)).toEqual([
      { code: 'z', groupCode: 'a' },
      { code: 'y', groupCode: 'a' },
      { code: 'x', groupCode: 'b' },
      { code: 'w', groupCode: 'b' },
      { code: 'o', groupCode: 'gone' },
    ]);
    expect(moveApp(rows, 'z', -1)).toBeUndefined();
    expect(moveApp(rows, 'x', 1)).toBeUndefined();
    expect(moveApp(rows, 'nope', 1)).toBeUndefined();
  });

  it('turns the form into the body: user types sorted, empty paths none, and back', () => {
    const values = {
      ...formValuesOf(app('q', 'a', 0)),
      code: ' q ',
      frontUserType: [4, 1],
      deployPath: '  ',
      menuRoute: '/x',
    };
    expect(appBodyOf('u1', values)).toMatchObject({
      unitId: 'u1',
      code: 'q',
      frontUserType: '1,4',
      limitUserType: '2,3',
      deployPath: null,
      menuRoute: '/x',
    });
    expect(userTypesOf('1, 3,9,x')).toEqual([1, 3]);
  });

  it('reads a refusal in the page language, field by field, and a transport failure as no words', () => {
    const refusal = {
      status: 400,
      message: '请检查|||Check the fields',
      fieldErrors: [{ field: 'code', message: '编码不对|||Bad code' }],
    };
    expect(outcomeOf(refusal, 'en')).toEqual({
      ok: false,
      message: 'Check the fields',
      fields: [{ field: 'code', message: 'Bad code' }],
    });
    expect(outcomeOf({ status: 400, fieldErrors: refusal.fieldErrors }, 'zh-CN')).toMatchObject({
      message: '编码不对',
    });
    expect(outcomeOf(undefined, 'en')).toEqual({ ok: false, message: undefined, fields: [] });
    expect(outcomeOf({ status: 200, data: 1 }, 'en')).toEqual({ ok: true, data: 1 });
  });
});

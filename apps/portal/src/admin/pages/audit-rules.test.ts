import { describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '@campus/contracts/admin-directory';
import { BodyStatus } from '@campus/contracts/envelope';
import { formErrors, orNull, settle } from './admin-call.ts';
import { auditExport, auditFilter, collectAuditEntries, detailText } from './audit-rules.ts';
import { audienceWords, composeAudience } from './messages-audience.ts';

const entry = (n: number): AdminAuditEntry => ({
  id: `a${n}`,
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  action: 'admin.update_unit',
  unitId: 'u1',
  actor: n % 2 ? { userId: 'x', loginName: 'admin', realName: '管理员' } : null,
  ip: null,
  detail: { enName: `<b>${n}</b>` },
});

describe('the audit page (issue 13 §2)', () => {
  it('turns the search form into the query: blanks left out, the last minute included', () => {
    expect(auditFilter('u1', { actor: ' admin ', action: '' })).toEqual({
      unitId: 'u1',
      actor: 'admin',
    });
    expect(
      auditFilter('u1', {
        action: 'login.',
        range: [{ valueOf: () => 1000 }, { valueOf: () => 5000 }],
      }),
    ).toEqual({ unitId: 'u1', action: 'login.', from: 1000, to: 65_000 });
  });

  it('collects every page of a search for the export, and stops at a refusal', async () => {
    const all = Array.from({ length: 230 }, (_, i) => entry(i));
    const asked: number[] = [];
    const collected = await collectAuditEntries(({ page, size }) => {
      asked.push(page);
      return Promise.resolve({
        ok: true,
        data: { total: all.length, items: all.slice((page - 1) * size, page * size) },
      });
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(collected.ok && collected.data.length).toBe(230);
    const refused = await collectAuditEntries(() =>
      Promise.resolve({ ok: false, message: 'no', fields: [] }),
    );
    expect(refused).toEqual({ ok: false, message: 'no', fields: [] });
  });

  it('exports the entries as spec §3 rows, details as text', () => {
    const t = (key: string) => ({ 'admin.audit.system': 'System' })[key] ?? key;
    const table = auditExport([entry(1), entry(2)], { t, lang: 'en', unit: 'Sunshine' }, 0);
    expect(table.title).toBe('Sunshine admin.audit.exportTitle 1970-01-01');
    expect(table.thead).toHaveLength(5);
    expect(table.tbody?.[0]).toEqual([
      expect.stringMatching(/^2026-01-02 \d\d:04:05$/),
      'admin.update_unit',
      '管理员 (admin)',
      '',
      '{"enName":"<b>1</b>"}',
    ]);
    expect((table.tbody?.[1] as readonly unknown[])[2]).toBe('System');
    expect(detailText(null)).toBe('');
  });
});

describe('the composer audience (issue 13 §2 Messages)', () => {
  it('addresses a unit, a grade, a class or chosen users', () => {
    expect(composeAudience('u1', { audienceKind: 'unit', gradeName: 'x' })).toEqual({
      unitId: 'u1',
    });
    expect(composeAudience('u1', { audienceKind: 'grade', gradeName: ' 一年级 ' })).toEqual({
      unitId: 'u1',
      gradeName: '一年级',
    });
    expect(
      composeAudience('u1', { audienceKind: 'class', gradeName: '一年级', className: '2班' }),
    ).toEqual({ unitId: 'u1', gradeName: '一年级', className: '2班' });
    expect(composeAudience('u1', { audienceKind: 'users', userIds: ['a', 'b'] })).toEqual({
      unitId: 'u1',
      userIds: ['a', 'b'],
    });
  });

  it('words a sent audience', () => {
    const none = { gradeName: null, className: null, userTypes: null, userIds: null };
    expect(audienceWords(none)).toEqual({ key: 'wholeUnit' });
    expect(audienceWords({ ...none, gradeName: 'G4', className: 'C1' })).toEqual({
      key: 'class',
      grade: 'G4',
      class: 'C1',
    });
    expect(audienceWords({ ...none, gradeName: 'G4' })).toEqual({ key: 'grade', grade: 'G4' });
    expect(audienceWords({ ...none, userIds: ['a', 'b'] })).toEqual({ key: 'users', count: 2 });
    expect(audienceWords({ ...none, userTypes: [2, 3] })).toEqual({
      key: 'userTypes',
      types: '2, 3',
    });
  });
});

describe('a console call and its outcome', () => {
  it('reads the envelope: data, or its message in the page language and the fields it names', async () => {
    expect(await settle(Promise.resolve({ status: BodyStatus.ok, data: 1 }), 'en')).toEqual({
      ok: true,
      data: 1,
    });
    const refused = await settle(
      Promise.resolve({
        status: BodyStatus.badRequest,
        message: '参数错误|||Bad input',
        fieldErrors: [{ field: 'footerLink', message: '链接无效|||Bad link' }],
      }),
      'zh-CN',
    );
    expect(refused).toEqual({
      ok: false,
      message: '链接无效',
      fields: [{ name: 'footerLink', message: '链接无效' }],
    });
    expect(
      await settle(Promise.resolve({ status: BodyStatus.forbidden, message: '不行|||No' }), 'en'),
    ).toEqual({ ok: false, message: 'No', fields: [] });
    expect(await settle(Promise.reject(new Error('offline')), 'en')).toEqual({
      ok: false,
      message: 'offline',
      fields: [],
    });
    if (!refused.ok) {
      expect(formErrors(refused.fields, ['footer', 'footerLink'])).toEqual([
        { name: 'footerLink', errors: ['链接无效'] },
      ]);
      expect(formErrors(refused.fields, ['footer'])).toEqual([]);
    }
    expect(orNull('  ')).toBeNull();
    expect(orNull(' a ')).toBe('a');
  });
});

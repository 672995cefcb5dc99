import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '@campus/sdk/translate';
import { zh } from '../shared/zh.ts';
import { TEACHER_NAV } from '../tm/TeacherLayout.tsx';
import { asTab, TEACHER_TABS } from './teacher-tabs.ts';

const en = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', 'lang', 'en-cms.json'), 'utf8'),
) as Record<string, unknown>;

describe('the phone teacher tabs (mobile_cms_tm)', () => {
  it('spec §2, §6: the same routes and permission codes as the pc navigation, in its order', () => {
    expect(TEACHER_TABS.map(({ to, code }) => ({ to, code }))).toEqual(
      TEACHER_NAV.map(({ to, code }) => ({ to, code })),
    );
  });

  it('every tab has a shorter label of its own, in zh-CN and in en', () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const t = createTranslator({ zh, table: en, lang: () => lang });
      for (const [i, tab] of TEACHER_TABS.entries()) {
        const pc = TEACHER_NAV[i]?.label ?? '';
        expect(tab.label).not.toBe(pc);
        expect(t(tab.label), `${lang} ${tab.label}`).not.toBe(tab.label);
        expect([...t(tab.label)].length).toBeLessThan([...t(pc)].length);
        // A missing English text would fall back to the Chinese one (spec §4).
        if (lang === 'en') expect(t(tab.label)).toMatch(/^[A-Za-z ]+$/);
      }
    }
  });

  it('an item without a short label keeps its own', () => {
    expect(asTab({ to: '/x', label: 'cms.nav.other' })).toEqual({
      to: '/x',
      label: 'cms.nav.other',
    });
  });
});

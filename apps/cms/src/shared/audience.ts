import type { Translate } from '@campus/sdk/translate';

/** How a notice's audience reads: whole school, a grade, or one class of a grade. */
export function audienceText(
  t: Translate,
  notice: { gradeName: string | null; className: string | null },
): string {
  if (!notice.gradeName) return t('cms.audience.all');
  if (!notice.className) return t('cms.audience.grade', { grade: notice.gradeName });
  return t('cms.audience.gradeClass', { grade: notice.gradeName, className: notice.className });
}

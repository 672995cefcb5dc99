/**
 * The composer's audience choices and the sent list's audience words (contracts `app-feed.ts`
 * FeedAudience): a unit, a grade, a class of a grade, or chosen users of the unit.
 */
import type { FeedAudience, SentAudience } from '@campus/contracts/app-feed';

export const AUDIENCE_KINDS = ['unit', 'grade', 'class', 'users'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export interface AudienceValues {
  audienceKind: AudienceKind;
  gradeName?: string;
  className?: string;
  userIds?: string[];
}

/**
 * The audience a composer's values address.
 *
 * @example composeAudience('u1', { audienceKind: 'class', gradeName: ' 一年级 ', className: '2班' })
 * // { unitId: 'u1', gradeName: '一年级', className: '2班' }
 */
export function composeAudience(unitId: string, values: AudienceValues): FeedAudience {
  const grade = values.gradeName?.trim() ?? '';
  const klass = values.className?.trim() ?? '';
  switch (values.audienceKind) {
    case 'grade':
      return { unitId, gradeName: grade };
    case 'class':
      return { unitId, gradeName: grade, className: klass };
    case 'users':
      return { unitId, userIds: values.userIds ?? [] };
    case 'unit':
      return { unitId };
  }
}

/** How a sent item's audience reads: which words and what they are filled with. */
export type AudienceWords =
  | { key: 'wholeUnit' }
  | { key: 'grade'; grade: string }
  | { key: 'class'; grade: string; class: string }
  | { key: 'users'; count: number }
  | { key: 'userTypes'; types: string };

export function audienceWords(audience: SentAudience): AudienceWords {
  if (audience.userIds && audience.userIds.length > 0) {
    return { key: 'users', count: audience.userIds.length };
  }
  if (audience.gradeName && audience.className) {
    return { key: 'class', grade: audience.gradeName, class: audience.className };
  }
  if (audience.gradeName) return { key: 'grade', grade: audience.gradeName };
  if (audience.userTypes && audience.userTypes.length > 0) {
    return { key: 'userTypes', types: audience.userTypes.join(', ') };
  }
  return { key: 'wholeUnit' };
}

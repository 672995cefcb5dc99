/**
 * The publish form's checks, with the limits the server enforces (shared through the
 * contracts; the spec is silent on cms, see docs/decisions.md): title 1–100 and content 1–5000
 * characters after trimming, grade and class up to 50, a class only together with a grade.
 */
import { NOTICE_AUDIENCE_MAX, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from '@campus/contracts/cms';

export const NOTICE_LIMITS = {
  title: NOTICE_TITLE_MAX,
  content: NOTICE_CONTENT_MAX,
  audience: NOTICE_AUDIENCE_MAX,
} as const;

export interface PublishInput {
  title: string;
  content: string;
  gradeName: string;
  className: string;
}

/** The dictionary key of each field's problem; empty when the form may be sent. */
export type PublishErrors = Partial<Record<keyof PublishInput, string>>;

export function checkPublish(input: PublishInput): PublishErrors {
  const errors: PublishErrors = {};
  const title = input.title.trim();
  const content = input.content.trim();
  if (title === '') errors.title = 'cms.publish.titleRequired';
  else if ([...title].length > NOTICE_LIMITS.title) errors.title = 'cms.publish.titleTooLong';
  if (content === '') errors.content = 'cms.publish.contentRequired';
  else if ([...content].length > NOTICE_LIMITS.content) {
    errors.content = 'cms.publish.contentTooLong';
  }
  const grade = input.gradeName.trim();
  const klass = input.className.trim();
  if ([...grade].length > NOTICE_LIMITS.audience) errors.gradeName = 'cms.publish.tooLong';
  // Reported on the grade, as the server does: the grade is what is missing.
  else if (klass !== '' && grade === '') errors.gradeName = 'cms.publish.classNeedsGrade';
  if ([...klass].length > NOTICE_LIMITS.audience) errors.className = 'cms.publish.tooLong';
  return errors;
}

/** The body sent to the server: trimmed, empty audience parts left out. */
export function publishBody(input: PublishInput) {
  const grade = input.gradeName.trim();
  const klass = input.className.trim();
  return {
    title: input.title.trim(),
    content: input.content.trim(),
    ...(grade ? { gradeName: grade } : {}),
    ...(klass ? { className: klass } : {}),
  };
}

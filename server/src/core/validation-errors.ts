/**
 * Turns schema validation failures into bilingual `fieldErrors` (DESIGN.md §4). The
 * wording for an empty required field matches the login box texts of spec §8
 * ('User name cannot be empty!').
 */
import type { FieldError } from '@campus/contracts/envelope';
import { accountRecoveryFieldLabels } from '@campus/contracts/account-recovery';
import { adminDirectoryFieldLabels } from '@campus/contracts/admin-directory';
import { fieldLabels as uaaFieldLabels } from '@campus/contracts/uaa';
import { bilingual } from './messages.ts';

const fieldLabels = {
  ...adminDirectoryFieldLabels,
  ...uaaFieldLabels,
  ...accountRecoveryFieldLabels,
};

/** The parts of an Ajv error object this mapping reads. */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: SchemaIssue): string {
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    return issue.params.missingProperty;
  }
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** The field's name without array indexes: `codes.3` is labelled as `codes`. */
function label(field: string): readonly [string, string] {
  const last =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? field;
  return (Object.hasOwn(fieldLabels, last) ? fieldLabels[last] : undefined) ?? [last, last];
}

export function toFieldError(issue: SchemaIssue): FieldError {
  const field = fieldOf(issue);
  if (field === '') {
    return {
      field: 'body',
      message: bilingual('请求内容缺失或格式错误', 'The request body is missing or malformed'),
    };
  }
  const [zh, en] = label(field);
  const limit = typeof issue.params.limit === 'number' ? issue.params.limit : undefined;
  switch (issue.keyword) {
    case 'required':
      return { field, message: bilingual(`${zh}不能为空！`, `${en} cannot be empty!`) };
    case 'minLength':
      return limit !== undefined && limit <= 1
        ? { field, message: bilingual(`${zh}不能为空！`, `${en} cannot be empty!`) }
        : {
            field,
            message: bilingual(
              `${zh}至少${limit}个字符`,
              `${en} must be at least ${limit} characters`,
            ),
          };
    case 'maxLength':
      return {
        field,
        message: bilingual(
          `${zh}不能超过${limit}个字符`,
          `${en} must be at most ${limit} characters`,
        ),
      };
    case 'minimum':
      return {
        field,
        message: bilingual(`${zh}不能小于${limit}`, `${en} must be at least ${limit}`),
      };
    case 'maximum':
      return {
        field,
        message: bilingual(`${zh}不能大于${limit}`, `${en} must be at most ${limit}`),
      };
    case 'maxItems':
      return {
        field,
        message: bilingual(`${zh}不能超过${limit}项`, `${en} must have at most ${limit} items`),
      };
    case 'uniqueItems':
      return { field, message: bilingual(`${zh}不能有重复项`, `${en} must not repeat an item`) };
    case 'type':
      return { field, message: bilingual(`${zh}类型不正确`, `${en} has the wrong type`) };
    default:
      return { field, message: bilingual(`${zh}不合法`, `${en} is invalid`) };
  }
}

/** One message per field: the first problem found is the one a person needs to fix. */
export function toFieldErrors(issues: readonly SchemaIssue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const error = toFieldError(issue);
    if (seen.has(error.field)) continue;
    seen.add(error.field);
    out.push(error);
  }
  return out;
}

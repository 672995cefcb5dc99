/**
 * The feed's pure rules (issue 13 §4): which audience shapes make sense, how the app credential
 * is written and read, and which links a message may carry. No I/O here.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FeedAudience } from '@campus/contracts/app-feed';
import type { FieldError } from '@campus/contracts/envelope';
import { bilingual } from '../../core/messages.ts';
import type { StoredAudience } from './feed.repository.ts';

/**
 * The shape problems of an audience, as field errors (none: it is one of a unit, a grade, a
 * class, a list of users, or the unit's accounts of some types).
 *
 * @example audienceProblems({ unitId: 'u', className: 'Class 2' }) // [{ field: 'audience.gradeName', … }]
 */
export function audienceProblems(audience: FeedAudience): FieldError[] {
  const problems: FieldError[] = [];
  const grade = audience.gradeName?.trim() || undefined;
  const klass = audience.className?.trim() || undefined;
  if (klass !== undefined && grade === undefined) {
    problems.push({
      field: 'audience.gradeName',
      message: bilingual('指定班级时年级不能为空', 'A class needs its grade'),
    });
  }
  if (audience.userIds && (grade !== undefined || klass !== undefined || audience.userTypes)) {
    problems.push({
      field: 'audience.userIds',
      message: bilingual(
        '指定用户名单时不能同时指定年级、班级或用户类型',
        'A list of users cannot be combined with a grade, a class or user types',
      ),
    });
  }
  if (audience.userTypes && grade !== undefined) {
    problems.push({
      field: 'audience.userTypes',
      message: bilingual(
        '年级和班级的受众是学生家长，不能再指定用户类型',
        "A grade's or class's audience is its students' parents; user types cannot be added",
      ),
    });
  }
  return problems;
}

/** The audience as stored with its send (trimmed, absent parts null). */
export function storedAudience(audience: FeedAudience): StoredAudience {
  return {
    gradeName: audience.gradeName?.trim() || null,
    className: audience.className?.trim() || null,
    userTypes: audience.userTypes ? [...audience.userTypes].sort() : null,
    userIds: audience.userIds ? [...audience.userIds] : null,
  };
}

/** A new client id for an app: its code and 8 random hex digits (no '.', see `parseBearer`). */
export function newClientId(appCode: string): string {
  return `${appCode}-${randomBytes(4).toString('hex')}`;
}

/**
 * A new secret for a client: the client id, '.', and 256 random bits in base64url. The whole
 * string is what the app sends as its bearer token, so the client id travels with it.
 */
export function newSecret(clientId: string): string {
  return `${clientId}.${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a secret: its SHA-256 (hex). 256 random bits need no slow hash. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether a presented secret is the one whose hash is stored (in constant time). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(secretHash(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,80})\.([A-Za-z0-9_-]{43})\s*$/;

/**
 * The client id and secret of an `Authorization: Bearer <secret>` header, or null when the
 * header is absent or not a feed secret.
 *
 * @example parseBearer('Bearer cms-1a2b3c4d.' + 'x'.repeat(43)) // { clientId: 'cms-1a2b3c4d', secret: 'cms-1a2b3c4d.xxx…' }
 */
export function parseBearer(
  header: string | undefined,
): { clientId: string; secret: string } | null {
  const match = header ? BEARER.exec(header) : null;
  if (!match?.[1] || !match[2]) return null;
  return { clientId: match[1], secret: `${match[1]}.${match[2]}` };
}

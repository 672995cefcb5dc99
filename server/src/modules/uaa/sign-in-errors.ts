/**
 * The refusals every way of signing in shares (password, ticket, WeCom/WeChat, face): one text
 * each, so an account that is locked or disabled reads the same whichever way it came in
 * (spec §8 login messages; DESIGN.md §8).
 */
import { BodyStatus, ErrorCode } from '@campus/contracts/envelope';
import { AppError } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';

/**
 * The account is locked for `minutes` more. `cause` names what locked it: wrong passwords, or
 * failed attempts of a way that has none (face sign-in).
 */
export const accountLocked = (minutes: number, cause: 'password' | 'attempts' = 'password') =>
  new AppError(
    BodyStatus.tooManyRequests,
    ErrorCode.accountLocked,
    bilingual(
      cause === 'password'
        ? `密码连续输错次数过多，账号已锁定，请${minutes}分钟后再试`
        : `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`,
      `Too many failed sign-ins: this account is locked. Try again in ${minutes} minutes.`,
    ),
  );

/** Too many failures from one address: it waits `minutes`. */
export const ipThrottled = (minutes: number) =>
  new AppError(
    BodyStatus.tooManyRequests,
    ErrorCode.ipThrottled,
    bilingual(
      `此网络登录失败次数过多，请${minutes}分钟后再试`,
      `Too many failed sign-ins from this network. Try again in ${minutes} minutes.`,
    ),
  );

/** The account, or its unit, is disabled. */
export const accountDisabled = () =>
  new AppError(
    BodyStatus.forbidden,
    ErrorCode.accountDisabled,
    bilingual(
      '账号已停用，请联系管理员',
      'This account is disabled; please contact the administrator',
    ),
  );

/**
 * Counts failed sign-ins per client address in a fixed window. Redis holds the count
 * when REDIS_URL is set, so that every instance sees the same number (DESIGN.md §2);
 * otherwise the database does.
 */
import type { Redis } from 'ioredis';
import type { UaaRepository } from './uaa.repository.ts';

export interface IpFailureCounter {
  current(ip: string, now: number): Promise<number>;
  increment(ip: string, now: number): Promise<number>;
}

export class DatabaseIpFailureCounter implements IpFailureCounter {
  constructor(
    private readonly repository: UaaRepository,
    private readonly windowMs: number,
  ) {}

  async current(ip: string, now: number): Promise<number> {
    const row = await this.repository.getIpFailures(ip);
    if (!row || now - row.windowStart >= this.windowMs) return 0;
    return row.count;
  }

  async increment(ip: string, now: number): Promise<number> {
    const row = await this.repository.getIpFailures(ip);
    const fresh = !row || now - row.windowStart >= this.windowMs;
    const count = fresh ? 1 : row.count + 1;
    await this.repository.setIpFailures(ip, fresh ? now : row.windowStart, count);
    return count;
  }
}

/**
 * Fixed windows aligned to the clock: the key names the window, so a new window starts
 * with a new key, and old keys expire on their own.
 */
export class RedisIpFailureCounter implements IpFailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
    private readonly prefix = 'campus:login-fail:ip:',
  ) {}

  private key(ip: string, now: number): string {
    return `${this.prefix}${ip}:${Math.floor(now / this.windowMs)}`;
  }

  async current(ip: string, now: number): Promise<number> {
    const value = await this.redis.get(this.key(ip, now));
    return value === null ? 0 : Number(value);
  }

  async increment(ip: string, now: number): Promise<number> {
    const key = this.key(ip, now);
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, this.windowMs * 2)
      .exec();
    const count = results?.[0]?.[1];
    return typeof count === 'number' ? count : 0;
  }
}

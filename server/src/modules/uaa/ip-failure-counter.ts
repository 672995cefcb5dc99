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

export class RedisIpFailureCounter implements IpFailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly windowMs: number,
    private readonly prefix = 'campus:login-fail:ip:',
  ) {}

  async current(ip: string): Promise<number> {
    const value = await this.redis.get(this.prefix + ip);
    return value === null ? 0 : Number(value);
  }

  async increment(ip: string): Promise<number> {
    const key = this.prefix + ip;
    const [[, count]] = (await this.redis.multi().incr(key).pexpire(key, this.windowMs, 'NX').exec()) as [[unknown, number]];
    return count;
  }
}

import { describe, expect, it } from 'vitest';
import { newResultKey, seal, unseal } from './import-result.repository.ts';

describe('the sealed import result', () => {
  it('opens with its key only', () => {
    const key = newResultKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sealed = seal(key, '{"password":"q7RkT2mWz9HbXe"}');
    expect(sealed).not.toContain('q7RkT2mWz9HbXe');
    expect(unseal(key, sealed)).toBe('{"password":"q7RkT2mWz9HbXe"}');
    expect(unseal(newResultKey(), sealed)).toBeUndefined();
    const tampered = Buffer.from(sealed, 'base64');
    tampered.writeUInt8((tampered.at(-1) ?? 0) ^ 1, tampered.length - 1);
    expect(unseal(key, tampered.toString('base64'))).toBeUndefined();
  });
});

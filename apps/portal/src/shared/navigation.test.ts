import { describe, expect, it } from 'vitest';
import { loginUrlFor } from './navigation.ts';

describe('loginUrlFor (spec §2: /login?redirect_uri={url})', () => {
  it('encodes the whole return address', () => {
    expect(loginUrlFor('http://127.0.0.1:8080/desktop/home?a=1&b=2#x')).toBe(
      '/login?redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fdesktop%2Fhome%3Fa%3D1%26b%3D2%23x',
    );
  });
});

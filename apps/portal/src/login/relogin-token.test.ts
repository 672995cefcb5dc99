import { describe, expect, it } from 'vitest';
import { takeReloginToken } from './relogin-token.ts';

describe('the re-login hand-off (spec §2 /needtologinpagerelogin, §7 relogin)', () => {
  it('takes the token from the fragment and gives the address without it', () => {
    expect(takeReloginToken('http://h/needtologinpagerelogin?a=1#accessToken=abc.def')).toEqual({
      token: 'abc.def',
      cleanUrl: 'http://h/needtologinpagerelogin?a=1',
    });
    expect(takeReloginToken('http://h/needtologinpagerelogin#x=2&accessToken=t')).toEqual({
      token: 't',
      cleanUrl: 'http://h/needtologinpagerelogin#x=2',
    });
  });

  it('takes no token from the query (it would reach the request log), an empty or a malformed one', () => {
    expect(takeReloginToken('http://h/needtologinpagerelogin?accessToken=abc').token).toBeNull();
    expect(takeReloginToken('http://h/needtologinpagerelogin').token).toBeNull();
    expect(takeReloginToken('http://h/needtologinpagerelogin#accessToken=').token).toBeNull();
    expect(takeReloginToken('http://h/n#accessToken=a%0Ab').token).toBeNull();
    expect(takeReloginToken(`http://h/n#accessToken=${'a'.repeat(257)}`).token).toBeNull();
  });
});

/**
 * The fake WeCom and WeChat servers (fake-social.mjs, plain JavaScript so the e2e server's
 * start script can start it too), typed for the API tests.
 */
import { startFakeSocial as start, type FakePerson, type FakeSocial } from './fake-social.mjs';

export type { FakePerson, FakeSocial };
export const startFakeSocial = start;

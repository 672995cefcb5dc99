import { describe, expect, it } from 'vitest';
import { COMMON_PH_VERSION } from '@campus/contracts/pages';
import { RUNTIME_BASE, RUNTIME_VERSION } from '../shared-modules.mjs';

describe('the runtime build and the pages agree on the shared plugin version (spec §7, §9)', () => {
  it('serves the runtime under the version the SDK and the portal ask for', () => {
    expect(RUNTIME_VERSION).toBe(COMMON_PH_VERSION);
    expect(RUNTIME_BASE).toBe(`/common/plugins/common-ph/${COMMON_PH_VERSION}`);
  });
});

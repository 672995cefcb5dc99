import { describe, expect, it } from 'vitest';
import { UPLOAD_DEFAULT_MAX_BYTES } from '@campus/contracts/upload-rules';
import { loadConfig, parseTrustProxy, parseUploadMaxBytes } from './config.ts';

describe('configuration from the environment (DESIGN.md §1)', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      demo: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.fileStore).toBe(`${config.dataDir}/files`);
  });

  it('reads PORTAL_DEMO=0, DATABASE_URL and REDIRECT_ALLOW_HOSTS', () => {
    const config = loadConfig({
      PORTAL_DEMO: '0',
      DATABASE_URL: 'postgres://x/y',
      REDIRECT_ALLOW_HOSTS: 'a.example, b.example',
    });
    expect(config.demo).toBe(false);
    expect(config.databaseUrl).toBe('postgres://x/y');
    expect(config.redirectAllowHosts).toEqual(['a.example', 'b.example']);
  });

  it('refuses a port that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('reads UPLOAD_MAX_BYTES as a whole number of bytes, 2 GiB when unset (DESIGN.md §7)', () => {
    expect(loadConfig({}).uploadMaxBytes).toBe(UPLOAD_DEFAULT_MAX_BYTES);
    expect(parseUploadMaxBytes('1048576')).toBe(1_048_576);
    for (const bad of ['0', '-1', '1.5', '2GB', '1e9', String(2 ** 60)]) {
      expect(() => parseUploadMaxBytes(bad)).toThrow(/UPLOAD_MAX_BYTES/);
    }
  });

  it('reads TRUST_PROXY as off, on, a hop count or a list of proxies', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});

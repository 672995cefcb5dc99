import { describe, expect, it } from 'vitest';
import { UPLOAD_DEFAULT_MAX_BYTES } from '@campus/contracts/upload-rules';
import path from 'node:path';
import {
  loadConfig,
  parseAccessLog,
  parseFileStore,
  parsePoolMax,
  parseTrustProxy,
  parseUploadMaxBytes,
} from './config.ts';

describe('configuration from the environment (DESIGN.md §1)', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      demo: true,
      logLevel: 'info',
      accessLog: 'notable',
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.fileStore).toEqual({ kind: 'disk', root: `${config.dataDir}/files` });
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

  it('reads ACCESS_LOG and refuses a mode it does not know', () => {
    expect(parseAccessLog(undefined)).toBe('notable');
    expect(parseAccessLog(' all ')).toBe('all');
    expect(() => loadConfig({ ACCESS_LOG: 'some' })).toThrow(
      /ACCESS_LOG must be one of all, notable/,
    );
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

  describe('FILE_STORE: a folder or an S3 bucket (DESIGN.md §7 Stores)', () => {
    const S3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'campus',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('takes a folder, relative to the working directory', () => {
      expect(parseFileStore({ FILE_STORE: 'shared/files' }, '/data')).toEqual({
        kind: 'disk',
        root: path.resolve('shared/files'),
      });
      expect(parseFileStore({ FILE_STORE: '  ' }, '/data')).toEqual({
        kind: 'disk',
        root: '/data/files',
      });
    });

    it('takes s3://bucket[/prefix] with the S3_* variables, scratch under DATA_DIR/tmp', () => {
      expect(
        loadConfig({ DATA_DIR: '/data', FILE_STORE: 's3://campus-files', ...S3 }).fileStore,
      ).toEqual({
        kind: 's3',
        bucket: 'campus-files',
        prefix: '',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        accessKeyId: 'campus',
        secretAccessKey: 'secret',
        scratchDir: '/data/tmp',
      });
      const withPrefix = parseFileStore(
        { FILE_STORE: 's3://campus.files/school-a/portal/', ...S3, S3_REGION: 'eu-west-3' },
        '/data',
      );
      expect(withPrefix).toMatchObject({
        bucket: 'campus.files',
        prefix: 'school-a/portal',
        region: 'eu-west-3',
      });
    });

    it('names what a bucket is missing', () => {
      expect(() => loadConfig({ FILE_STORE: 's3://campus-files' })).toThrow(
        'FILE_STORE=s3://campus-files needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      );
      const { S3_SECRET_ACCESS_KEY: _secret, ...noSecret } = S3;
      expect(() => parseFileStore({ FILE_STORE: 's3://campus-files', ...noSecret }, '/d')).toThrow(
        /needs S3_SECRET_ACCESS_KEY \(/,
      );
    });

    it('refuses a malformed bucket, prefix, endpoint or scheme', () => {
      const bad =
        (FILE_STORE: string, more: Record<string, string> = {}) =>
        () =>
          parseFileStore({ FILE_STORE, ...S3, ...more }, '/data');
      for (const bucket of ['s3://', 's3://ab', 's3://Campus', 's3://a_b', 's3://-ab', 's3://a..b'])
        expect(bad(bucket)).toThrow(/FILE_STORE names no valid bucket/);
      for (const prefix of ['s3://campus/../x', 's3://campus/a b', 's3://campus/./x'])
        expect(bad(prefix)).toThrow(/key prefix/);
      expect(bad('s3://campus', { S3_ENDPOINT: 'localhost:9000' })).toThrow(/S3_ENDPOINT/);
      expect(bad('s3://campus', { S3_ENDPOINT: 'ftp://host' })).toThrow(/S3_ENDPOINT/);
      expect(bad('gs://campus')).toThrow(/FILE_STORE must be a folder or s3:\/\/bucket/);
    });
  });
});

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 20 and takes a whole number from 1 to 1000', () => {
    expect(parsePoolMax(undefined)).toBe(20);
    expect(parsePoolMax('')).toBe(20);
    expect(parsePoolMax(' 40 ')).toBe(40);
    for (const bad of ['0', '1001', '-1', '2.5', 'ten']) {
      expect(() => parsePoolMax(bad)).toThrow(/DATABASE_POOL_MAX/);
    }
  });
});

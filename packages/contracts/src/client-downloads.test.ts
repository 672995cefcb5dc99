import { describe, expect, it } from 'vitest';
import {
  CLIENT_PACKAGE_FILES,
  CLIENT_PACKAGE_KINDS,
  CLIENT_PACKAGE_URL_MAX_LENGTH,
  ClientDownloadParamsSchema,
  clientDownloadUrl,
  clientPackageUrl,
  clientPackageUrlProblem,
} from './client-downloads.ts';

describe('client downloads (spec §2 download-client dialog)', () => {
  it('the download route takes exactly the fixed file names, one per kind', () => {
    const literals = ClientDownloadParamsSchema.properties.file.anyOf.map((s) => s.const);
    expect(literals.sort()).toEqual(
      CLIENT_PACKAGE_KINDS.map((k) => CLIENT_PACKAGE_FILES[k]).sort(),
    );
  });

  it('builds the download address from the kind', () => {
    expect(clientDownloadUrl('installer')).toBe('/downloads/CampusDesktop-Setup-x64.exe');
    expect(clientDownloadUrl('portable')).toBe('/downloads/CampusDesktop-x64-portable.zip');
  });

  it('a unit may give a package an absolute http(s) address, stored in the parser’s form', () => {
    for (const url of [
      'https://dl.example.edu/CampusDesktop-Setup-x64.exe',
      'http://10.0.0.5:8080/client/portable.zip?v=1.6.0#top',
      'HTTPS://Dl.Example.EDU/x.exe',
      'https://下载.example.cn/客户端.exe',
    ]) {
      expect(clientPackageUrlProblem(url), url).toBeNull();
    }
    expect(clientPackageUrl('HTTPS://Dl.Example.EDU/x.exe')).toBe('https://dl.example.edu/x.exe');
    expect(clientPackageUrl('https://下载.example.cn/客户端.exe')).toBe(
      'https://xn--ghq880n.example.cn/%E5%AE%A2%E6%88%B7%E7%AB%AF.exe',
    );
  });

  it('refuses javascript:, other schemes, relative and host-less addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript://%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://dl.example.edu/x.exe',
      'file:///C:/x.exe',
      '/downloads/CampusDesktop-Setup-x64.exe',
      'downloads/x.exe',
      '//dl.example.edu/x.exe',
      'dl.example.edu/x.exe',
      'http:dl.example.edu/x.exe',
      'http:/dl.example.edu/x.exe',
      'https:///x.exe',
      'https:\\\\dl.example.edu\\x.exe',
      'http://',
      '',
    ]) {
      expect(clientPackageUrlProblem(url), url).toBe('notHttp');
      expect(clientPackageUrl(url), url).toBeNull();
    }
  });

  it('refuses control characters and spaces, which the URL parser would drop silently', () => {
    for (const url of [
      'java\tscript:alert(1)',
      'https://dl.example.edu/x.exe\n',
      ' https://dl.example.edu/x.exe',
      'https://dl.example.edu/a b.exe',
      'https://dl.example.edu/\u0000.exe',
      'https://dl.example.edu/\u007f.exe',
      'https://dl.example.edu/\u0085.exe',
    ]) {
      expect(clientPackageUrlProblem(url), JSON.stringify(url)).toBe('control');
    }
  });

  it('refuses credentials and addresses over the length cap, also once the parser encodes them', () => {
    expect(clientPackageUrlProblem('https://user:secret@dl.example.edu/x.exe')).toBe('credentials');
    const base = 'https://dl.example.edu/';
    const longest = base + 'a'.repeat(CLIENT_PACKAGE_URL_MAX_LENGTH - base.length);
    expect(clientPackageUrlProblem(longest)).toBeNull();
    expect(clientPackageUrlProblem(`${longest}a`)).toBe('length');
    // Each 'é' becomes '%C3%A9' in the stored form: within the cap as typed, over it as stored.
    expect(clientPackageUrlProblem(base + 'é'.repeat(1000))).toBe('length');
    expect(clientPackageUrl(null)).toBeNull();
  });
});

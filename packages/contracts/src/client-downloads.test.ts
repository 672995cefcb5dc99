import { describe, expect, it } from 'vitest';
import {
  CLIENT_PACKAGE_FILES,
  CLIENT_PACKAGE_KINDS,
  ClientDownloadParamsSchema,
  clientDownloadUrl,
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
});

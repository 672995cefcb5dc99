import { describe, expect, it } from 'vitest';
import {
  chunkCount,
  chunkRange,
  extensionsOf,
  fitWithin,
  FORBIDDEN_UPLOAD_EXTENSIONS,
  isForbiddenUploadName,
  isImageName,
  isMediaName,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_DEFAULT_MAX_BYTES,
  sanitizeFileName,
  uploadRefusal,
} from './upload-rules.ts';

describe('the upload deny-list (spec §5, DESIGN.md §7)', () => {
  it('refuses every listed extension, in any case', () => {
    expect(FORBIDDEN_UPLOAD_EXTENSIONS.size).toBe(15);
    for (const extension of FORBIDDEN_UPLOAD_EXTENSIONS) {
      expect(isForbiddenUploadName(`a.${extension}`), extension).toBe(true);
      expect(isForbiddenUploadName(`a.${extension.toUpperCase()}`), extension).toBe(true);
    }
  });

  it('refuses the disguises a web server may still run', () => {
    for (const name of ['a.PHP', 'a.php.', 'a.php. . ', 'a.php.jpg', 'a.jsp;.jpg', 'x/y\\a.Exe'])
      expect(isForbiddenUploadName(name), name).toBe(true);
  });

  it('accepts ordinary documents, images and names without an extension', () => {
    for (const name of ['report.pdf', 'photo.JPG', 'lesson.mp4', 'README', '成绩单.xlsx'])
      expect(isForbiddenUploadName(name), name).toBe(false);
  });

  it('reads every extension, lower case, without trailing dots or the ;-suffix', () => {
    expect(extensionsOf('Report.PHP.jpg')).toEqual(['php', 'jpg']);
    expect(extensionsOf('a.jsp;.jpg')).toEqual(['jsp', 'jpg']);
    expect(extensionsOf('x.php.')).toEqual(['php']);
    expect(extensionsOf('../etc/passwd')).toEqual([]);
  });
});

describe('image and media kinds (spec §5)', () => {
  it('goes by the last extension', () => {
    expect(['a.gif', 'a.JPEG', 'a.tif', 'x.php.png'].map(isImageName)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['a.webp', 'a.png.pdf'].map(isImageName)).toEqual([false, false]);
    expect(['a.mp3', 'a.3gp', 'a.RMVB', 'a.mkv'].map(isMediaName)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isMediaName('a.mp4.txt')).toBe(false);
  });
});

describe('what is refused before a byte is stored', () => {
  it('names the reason: type first, then size, then an empty file', () => {
    expect(uploadRefusal('a.php', 10)).toBe('forbiddenType');
    expect(uploadRefusal('a.pdf', UPLOAD_DEFAULT_MAX_BYTES + 1)).toBe('tooLarge');
    expect(uploadRefusal('a.pdf', UPLOAD_DEFAULT_MAX_BYTES)).toBeNull();
    expect(uploadRefusal('a.pdf', 11, 10)).toBe('tooLarge');
    expect(uploadRefusal('a.pdf', 5_000_000_000, null)).toBeNull();
    expect(uploadRefusal('a.pdf', 0)).toBe('empty');
  });
});

describe('chunks (spec §4 chunked upload, §9 2 MB)', () => {
  it('counts chunks, at least one', () => {
    expect(UPLOAD_CHUNK_BYTES).toBe(2_097_152);
    expect(chunkCount(0)).toBe(1);
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(UPLOAD_CHUNK_BYTES)).toBe(1);
    expect(chunkCount(UPLOAD_CHUNK_BYTES + 1)).toBe(2);
    expect(chunkCount(50 * 1024 * 1024)).toBe(25);
  });

  it('gives each chunk its byte range, the last one short', () => {
    expect(chunkRange(0, 5_000_000)).toEqual({ start: 0, end: 2_097_152 });
    expect(chunkRange(2, 5_000_000)).toEqual({ start: 4_194_304, end: 5_000_000 });
  });
});

describe('image fit (spec §5, §9: within 500 by 500, aspect ratio kept)', () => {
  it('scales down to the box and never up', () => {
    expect(fitWithin({ width: 2000, height: 1000 })).toEqual({ width: 500, height: 250 });
    expect(fitWithin({ width: 1000, height: 3000 })).toEqual({ width: 167, height: 500 });
    expect(fitWithin({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
    expect(fitWithin({ width: 10000, height: 1 })).toEqual({ width: 500, height: 1 });
    expect(fitWithin({ width: 800, height: 600 }, { width: 400, height: 400 })).toEqual({
      width: 400,
      height: 300,
    });
  });
});

// DESIGN.md §7: names sanitised, never a path (the file store's rule since issue 2).
describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['.htaccess', 'htaccess'],
    ['a<b>c:"d"|e?*.png', 'a_b_c__d__e__.png'],
    ['line\nbreak\u0000.txt', 'line_break_.txt'],
    ['..', 'file'],
    ['', 'file'],
    ['成绩单 2026.xlsx', '成绩单 2026.xlsx'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('shortens long names but keeps the extension', () => {
    const name = sanitizeFileName(`${'长'.repeat(300)}.docx`);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('.docx')).toBe(true);
  });
});

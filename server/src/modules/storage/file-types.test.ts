import { describe, expect, it } from 'vitest';
import { contentTypeOf, mayShowInline } from './file-types.ts';

describe('file types (DESIGN.md §7 downloads)', () => {
  it('names the type by the extension, octet-stream when unknown', () => {
    expect(contentTypeOf('Photo.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('lesson.mp4')).toBe('video/mp4');
    expect(contentTypeOf('成绩.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(contentTypeOf('README')).toBe('application/octet-stream');
  });

  it('shows only what a browser draws or plays; anything it could run is an attachment', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'video/mp4', 'audio/mpeg'])
      expect(mayShowInline(type), type).toBe(true);
    for (const type of [
      'image/svg+xml',
      'text/html',
      'application/xml',
      'text/xml',
      'text/javascript',
      'application/pdf',
      'application/octet-stream',
      'application/xhtml+xml',
    ])
      expect(mayShowInline(type), type).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { APP_ICON_VARIANTS, appIconUrl, iconVariantForTheme, unitLogoUrl } from './storage.ts';

describe('storage addresses (spec §3 icon paths per theme, §7 unit logo)', () => {
  it('forms icon and logo addresses, escaping the path segment', () => {
    expect(APP_ICON_VARIANTS).toEqual(['gray', 'color', 'cartoon']);
    expect(appIconUrl('cms', 'cartoon')).toBe('/api/storage/app-icon/cms/cartoon');
    expect(appIconUrl('a/b', 'gray')).toBe('/api/storage/app-icon/a%2Fb/gray');
    expect(unitLogoUrl('a/b')).toBe('/api/storage/show/unit/a%2Fb');
  });

  it('picks the icon set a theme shows', () => {
    expect(iconVariantForTheme('cartoon')).toBe('cartoon');
    expect(iconVariantForTheme('ink')).toBe('gray');
    expect(iconVariantForTheme('lotus')).toBe('gray');
    expect(iconVariantForTheme('#457CD6')).toBe('color');
    expect(iconVariantForTheme(null)).toBe('color');
  });
});

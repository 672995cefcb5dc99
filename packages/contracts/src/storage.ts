/**
 * Storage contracts: the public image routes and the addresses built from them, shared
 * so the server, the SDK and the pages agree on one shape (spec §3 icon paths per theme,
 * spec §7 GET /api/storage/show/unit/{unitId}).
 */
import { Type, type Static } from 'typebox';

/** Icon sets per theme (spec §3: gray, colour, cartoon). */
export const APP_ICON_VARIANTS = ['gray', 'color', 'cartoon'] as const;
export type AppIconVariant = (typeof APP_ICON_VARIANTS)[number];

export const UnitLogoParamsSchema = Type.Object({
  unitId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type UnitLogoParams = Static<typeof UnitLogoParamsSchema>;

export const AppIconParamsSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64 }),
  variant: Type.Union(APP_ICON_VARIANTS.map((v) => Type.Literal(v))),
});
export type AppIconParams = Static<typeof AppIconParamsSchema>;

/**
 * The address of a unit's logo.
 *
 * @example unitLogoUrl('demo-unit-sunshine') // '/api/storage/show/unit/demo-unit-sunshine'
 */
export function unitLogoUrl(unitId: string): string {
  return `/api/storage/show/unit/${encodeURIComponent(unitId)}`;
}

/**
 * The address of one app icon.
 *
 * @example appIconUrl('cms', 'color') // '/api/storage/app-icon/cms/color'
 */
export function appIconUrl(code: string, variant: AppIconVariant): string {
  return `/api/storage/app-icon/${encodeURIComponent(code)}/${variant}`;
}

/**
 * Which icon set a portal theme shows: the stage (cartoon) theme gets cartoon icons, the
 * classic ink and lotus themes the quiet gray set, and plain colour themes the colour set.
 */
export function iconVariantForTheme(theme: string | null | undefined): AppIconVariant {
  if (theme === 'cartoon') return 'cartoon';
  if (theme === 'ink' || theme === 'lotus') return 'gray';
  return 'color';
}

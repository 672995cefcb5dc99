/**
 * Storage contracts: the public image routes and the addresses built from them, shared
 * so the server, the SDK and the pages agree on one shape (spec §3 icon paths per theme,
 * spec §7 GET /api/storage/show/unit/{unitId}).
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint, endpointPath } from './endpoint.ts';
import { IdSchema } from './primitives.ts';

/** Icon sets per theme (spec §3: gray, colour, cartoon). */
export const APP_ICON_VARIANTS = ['gray', 'color', 'cartoon'] as const;
export type AppIconVariant = (typeof APP_ICON_VARIANTS)[number];

export const UnitLogoParamsSchema = Type.Object({ unitId: IdSchema });
export type UnitLogoParams = Static<typeof UnitLogoParamsSchema>;

export const AppIconParamsSchema = Type.Object({
  code: IdSchema,
  // Spelled out: a mapped array loses the literal types (Static would be `never`).
  variant: Type.Union([Type.Literal('gray'), Type.Literal('color'), Type.Literal('cartoon')]),
});
export type AppIconParams = Static<typeof AppIconParamsSchema>;

/**
 * The public image endpoints. Neither needs a session (the logo shows on the login page before
 * sign-in); both answer the image itself, not the envelope, and 404 with the envelope.
 */
export const storageEndpoints = {
  unitLogo: defineEndpoint({
    method: 'GET',
    path: '/api/storage/show/unit/:unitId',
    tag: 'storage',
    access: 'public',
    summary: 'Unit logo (spec §7), shown on the login page before sign-in',
    params: UnitLogoParamsSchema,
  }),
  appIcon: defineEndpoint({
    method: 'GET',
    path: '/api/storage/app-icon/:code/:variant',
    tag: 'storage',
    access: 'public',
    summary: 'App icon drawn for a theme variant (spec §3: gray, colour, cartoon)',
    params: AppIconParamsSchema,
  }),
} as const;

/**
 * The address of a unit's logo.
 *
 * @example unitLogoUrl('demo-unit-sunshine') // '/api/storage/show/unit/demo-unit-sunshine'
 */
export function unitLogoUrl(unitId: string): string {
  return endpointPath(storageEndpoints.unitLogo, { unitId });
}

/**
 * The address of one app icon.
 *
 * @example appIconUrl('cms', 'color') // '/api/storage/app-icon/cms/color'
 */
export function appIconUrl(code: string, variant: AppIconVariant): string {
  return endpointPath(storageEndpoints.appIcon, { code, variant });
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

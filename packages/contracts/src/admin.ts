/**
 * The administration console's calls (issue 13, DESIGN.md §10): everything under `/api/admin/…`.
 * Who may call: a user holding the base-admin role (`XX_SYS_` of the base app, `@campus/contracts/base`) of their unit
 * manages that unit; when that unit is an area (spec §1 unitType 1), also the schools under it.
 * The server checks the caller's scope again on every call (`server/src/modules/admin`).
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';

/** One unit the caller may manage. */
export const AdminUnitSchema = Type.Object({
  unitId: Type.String(),
  name: Type.String(),
  enName: Type.Union([Type.String(), Type.Null()]),
  unitType: Type.Integer(),
  parentId: Type.Union([Type.String(), Type.Null()]),
});
export type AdminUnit = Static<typeof AdminUnitSchema>;

/** The caller's administration scope: their own unit first, then the schools under an area. */
export const AdminScopeSchema = Type.Object({
  units: Type.Array(AdminUnitSchema),
});
export type AdminScope = Static<typeof AdminScopeSchema>;

export const adminEndpoints = {
  /** GET /api/admin/scope: the units the caller administers (403 for anyone else). */
  scope: defineEndpoint({
    method: 'GET',
    path: '/api/admin/scope',
    summary:
      'The units the caller administers: their own, and the schools under an area (issue 13 §1)',
    tag: 'admin',
    access: 'session',
    data: AdminScopeSchema,
  }),
} as const;

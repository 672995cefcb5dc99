/** Health and readiness answers (not enveloped: they serve load balancers, not the client). */
import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Optional(Type.Union([Type.Literal('ok'), Type.Literal('unavailable')])),
  redis: Type.Optional(
    Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('off')]),
  ),
});
export type Health = Static<typeof HealthSchema>;

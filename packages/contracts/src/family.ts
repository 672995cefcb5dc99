/**
 * The family (spec §3 Child; §6 parents pick a child, teacher and parent accounts of one person
 * switch): the child record, the linked-account check, a parent's children and the choice of
 * the current child. One definition for the server's family module and the SDK.
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint } from './endpoint.ts';
import { IdSchema, Line } from './primitives.ts';

const Id = IdSchema;

/** A child (spec §3: id, realName, gradeName, className). */
export const ChildSchema = Type.Object({
  id: Type.String(),
  realName: Type.String(),
  gradeName: Type.String(),
  className: Type.String(),
});
export type Child = Static<typeof ChildSchema>;

/** GET select/already/parent/teacher: the caller must be one of the two. */
export const LinkedCheckQuerySchema = Type.Object({ parentId: Id, teacherId: Id });
export type LinkedCheckQuery = Static<typeof LinkedCheckQuerySchema>;

/** GET find_all_student_by_parent_id and find_stu_by_parent_id; parentId must be the caller. */
export const ParentQuerySchema = Type.Object({ parentId: Id });
export type ParentQuery = Static<typeof ParentQuerySchema>;

/** POST set/parentChildren body: the child record; only `id` is read, the rest is the server's. */
export const SetCurrentChildBodySchema = Type.Object({
  id: Id,
  realName: Type.Optional(Line({ maxLength: 100 })),
  gradeName: Type.Optional(Line({ maxLength: 100 })),
  className: Type.Optional(Line({ maxLength: 100 })),
});
export type SetCurrentChildBody = Static<typeof SetCurrentChildBodySchema>;
export const SET_CURRENT_CHILD_TRIMMED_FIELDS = ['id'] as const;

// ---------------------------------------------------------------------------------------------
// Endpoints (spec §7)

const tag = 'family';

const childrenOfCaller = {
  method: 'GET',
  tag,
  access: 'session',
  summary: "The caller's own children (parents only; spec §3 Child, §6)",
  query: ParentQuerySchema,
  data: Type.Array(ChildSchema),
} as const;

/** The family endpoints of spec §7. */
export const familyEndpoints = {
  linkedCheck: defineEndpoint({
    method: 'GET',
    path: '/api/base/select/already/parent/teacher',
    tag,
    access: 'session',
    summary: 'Whether a teacher and a parent account are linked; the caller is one (spec §6)',
    query: LinkedCheckQuerySchema,
    data: Type.Boolean(),
  }),
  // Spec §7 lists both paths; they answer alike (docs/decisions.md).
  childrenByParent: defineEndpoint({
    ...childrenOfCaller,
    path: '/api/base/student/find_all_student_by_parent_id',
  }),
  childrenOfParent: defineEndpoint({
    ...childrenOfCaller,
    path: '/api/base/student/find_stu_by_parent_id',
  }),
  setCurrentChild: defineEndpoint({
    method: 'POST',
    path: '/api/base/student/set/parentChildren',
    tag,
    access: 'session',
    summary: "Choose the parent's current child (own children only; spec §6, §7)",
    query: ParentQuerySchema,
    body: SetCurrentChildBodySchema,
    data: ChildSchema,
    trimmed: SET_CURRENT_CHILD_TRIMMED_FIELDS,
  }),
} as const;

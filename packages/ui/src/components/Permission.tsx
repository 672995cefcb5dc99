/**
 * The permission directive of spec §6 as a React element: content the user may not use is
 * removed from the tree, not hidden. The codes come from a `PermissionProvider` high in the
 * sub-app (the session's `codeKeys`, spec §3), or from a `codes` prop where a provider is
 * not wanted. Without either, nothing is permitted: a forgotten provider fails closed.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { isPermitted, type PermissionCodes } from '@campus/sdk/permissions';

const PermissionContext = createContext<PermissionCodes | null>(null);

/** Props of {@link PermissionProvider}. */
export interface PermissionProviderProps {
  /** The user's `codeKeys` map (spec §3); null or undefined while unknown permits nothing. */
  codes: PermissionCodes | null | undefined;
  children?: ReactNode;
}

/**
 * Hands the user's permission codes to every `Permission` and `usePermission` below it.
 *
 * @example
 * <PermissionProvider codes={codeKeys}>
 *   <App />
 * </PermissionProvider>
 */
export function PermissionProvider({ codes, children }: PermissionProviderProps) {
  return <PermissionContext value={codes ?? null}>{children}</PermissionContext>;
}

/**
 * True when the user holds `required`: a single code, or any code of a list (spec §6).
 * An empty list permits nothing.
 *
 * @example
 * const canPublish = usePermission('cms:notice:publish');
 * const canEdit = usePermission(['cms:notice:edit', 'cms:notice:publish']);
 */
export function usePermission(required: string | readonly string[]): boolean {
  return isPermitted(useContext(PermissionContext), required);
}

interface PermissionBaseProps {
  /** Overrides the provider's codes for this element. */
  codes?: PermissionCodes | null;
  children?: ReactNode;
}

/** Props of {@link Permission}: either one `code` or an `anyOf` list, never both. */
export type PermissionProps = PermissionBaseProps &
  ({ code: string; anyOf?: never } | { anyOf: readonly string[]; code?: never });

/**
 * Renders its children only when the user holds `code`, or any of `anyOf` (spec §6);
 * otherwise renders nothing at all.
 *
 * @example
 * <Permission code="cms:notice:publish">
 *   <button>Publish</button>
 * </Permission>
 * <Permission anyOf={['cms:notice:edit', 'cms:notice:publish']}>...</Permission>
 */
export function Permission(props: PermissionProps) {
  const fromContext = useContext(PermissionContext);
  const codes = props.codes === undefined ? fromContext : props.codes;
  // A plain-JS caller may pass neither; that permits nothing rather than throwing.
  const required = props.code ?? props.anyOf ?? [];
  if (!isPermitted(codes, required)) return null;
  return <>{props.children}</>;
}

import { createContext, useContext } from 'react';
import type { PortalRuntime } from './portal-runtime.ts';

/** Hands the page's sdk objects to its components; tests pass fakes through it. */
export const RuntimeContext = createContext<PortalRuntime | null>(null);

/** The page's sdk objects (storage, http, auth, session). */
export function useRuntime(): PortalRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime needs a RuntimeContext provider');
  return runtime;
}

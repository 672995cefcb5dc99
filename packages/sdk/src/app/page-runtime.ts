/**
 * The login state every sub-app on one page shares (spec §1 "shares the same login state";
 * DESIGN.md §2 "one login state"): the page runtime of `create-page-runtime.ts` on the axios
 * client, made on first use and kept on the module. The shared runtime is loaded once per page
 * (import map), so every sub-app that imports this module gets the same objects.
 */
import { createHttpClient } from '../http/client.ts';
import { createPageRuntime, type PageRuntime } from './create-page-runtime.ts';

export {
  createPageRuntime,
  loginUrlFor,
  PORTAL_APP_CODE,
  type PageRuntime,
  type PageRuntimeOptions,
} from './create-page-runtime.ts';

let current: PageRuntime | null = null;

/**
 * The page's shared runtime, made on the first call (axios client, session recovery on).
 *
 * @example
 * const { session, httpFor } = pageRuntime();
 * const http = httpFor('cms');
 * if (!(await session.checkLogin())) location.replace(loginUrlFor(location.href));
 */
export function pageRuntime(): PageRuntime {
  current ??= createPageRuntime({ createHttp: createHttpClient });
  return current;
}

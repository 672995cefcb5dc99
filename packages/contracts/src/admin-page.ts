/**
 * The administration console's page (issue 13 §1, DESIGN.md §10): its address, which the
 * desktop's header links to, and the built file the server answers there. Apart from `pages.ts`
 * on purpose: the login page carries that module (its return-address rule), and a constant kept
 * there would add to the login page's weight (DESIGN.md §1) for a page it never opens.
 */

/** The console; its pages live under it (`/admin/{unitId}/{page}`, its own client routes). */
export const ADMIN_PATH = '/admin';

/** The console's own build and the addresses that answer it: `/admin` and every client route. */
export const ADMIN_PAGE = { file: 'admin.html', paths: [ADMIN_PATH, `${ADMIN_PATH}/*`] } as const;

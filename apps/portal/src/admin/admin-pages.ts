/**
 * The console's pages: one entry each gives the route, the menu item and the rights that show
 * it (issue 13 §1: "menus and routes are filtered by the admin's rights"). The shell builds both
 * the side menu and the routes from this one list, so a page that is not listed has neither,
 * and a page the caller may not see is not routed at all (its address answers "page not found").
 * The server checks every call again (`server/src/modules/admin/admin-access.ts`).
 *
 * Adding a page is one entry here, its words under `admin.pages` of `locales/admin`, and its
 * body in `pages/`, loaded on demand (`lazy`) unless it is the landing page:
 *
 * @example
 * { path: 'users', labelKey: 'admin.pages.users', icon: ADMIN_ICONS.users,
 *   Page: lazy(() => import('./pages/UsersPage.tsx').then((m) => ({ default: m.UsersPage }))) },
 * // a page for areas only:
 * { …, allowed: ({ unit }) => unitKind(unit.unitType) === 'area' },
 */
import { lazy, type ComponentType } from 'react';
import type { TranslationKey } from '../i18n/translator.ts';
import { ADMIN_ICONS } from './admin-icons.ts';
import { ownUnit, type AdminContext, type RightsFiltered } from './admin-rules.ts';
import { OverviewPage } from './pages/OverviewPage.tsx';

/** What every page body gets: the scope and the unit being administered. */
export interface AdminPageProps {
  context: AdminContext;
}

export interface AdminPageEntry extends RightsFiltered {
  /** The route under `/admin/{unitId}/` and the menu item's key; also its test id suffix. */
  path: string;
  /** The menu item's and the page title's words. */
  labelKey: TranslationKey;
  /** A line-icon path (`admin-icons.ts`). */
  icon: string;
  Page: ComponentType<AdminPageProps>;
}

export const ADMIN_PAGES: readonly AdminPageEntry[] = [
  // The landing page: bundled with the shell, the others load when opened.
  {
    path: 'overview',
    labelKey: 'admin.pages.overview',
    icon: ADMIN_ICONS.overview,
    Page: OverviewPage,
  },
  {
    path: 'unit',
    labelKey: 'admin.pages.unit',
    icon: ADMIN_ICONS.unit,
    Page: lazy(() => import('./pages/UnitPage.tsx').then((m) => ({ default: m.UnitPage }))),
  },
  // Issue 13 §2 Users and §3 Bulk import.
  {
    path: 'users',
    labelKey: 'admin.pages.users',
    icon: ADMIN_ICONS.users,
    Page: lazy(() => import('./pages/UsersPage.tsx').then((m) => ({ default: m.UsersPage }))),
  },
  {
    path: 'import',
    labelKey: 'admin.pages.import',
    icon: ADMIN_ICONS.import,
    Page: lazy(() => import('./pages/ImportPage.tsx').then((m) => ({ default: m.ImportPage }))),
  },
  {
    path: 'messages',
    labelKey: 'admin.pages.messages',
    icon: ADMIN_ICONS.messages,
    Page: lazy(() => import('./pages/MessagesPage.tsx').then((m) => ({ default: m.MessagesPage }))),
  },
  {
    path: 'apps',
    labelKey: 'admin.pages.apps',
    icon: ADMIN_ICONS.apps,
    Page: lazy(() => import('./pages/AppsPage.tsx').then((m) => ({ default: m.AppsPage }))),
  },
  // Issue 13 §2: who may do what in the apps, and what the apps share (pages/access-*.ts*).
  {
    path: 'roles',
    labelKey: 'admin.pages.roles',
    icon: ADMIN_ICONS.roles,
    Page: lazy(() => import('./pages/RolesPage.tsx').then((m) => ({ default: m.RolesPage }))),
  },
  {
    path: 'licences',
    labelKey: 'admin.pages.licences',
    icon: ADMIN_ICONS.licences,
    Page: lazy(() => import('./pages/LicencesPage.tsx').then((m) => ({ default: m.LicencesPage }))),
  },
  {
    path: 'themes',
    labelKey: 'admin.pages.themes',
    icon: ADMIN_ICONS.themes,
    Page: lazy(() => import('./pages/ThemesPage.tsx').then((m) => ({ default: m.ThemesPage }))),
  },
  {
    path: 'oauth',
    labelKey: 'admin.pages.oauth',
    icon: ADMIN_ICONS.oauth,
    // Shared by every unit: the server lets only a top-level unit's administrator see them.
    allowed: ({ scope }) => ownUnit(scope)?.parentId === null,
    Page: lazy(() =>
      import('./pages/OAuthClientsPage.tsx').then((m) => ({ default: m.OAuthClientsPage })),
    ),
  },
  {
    path: 'versions',
    labelKey: 'admin.pages.versions',
    icon: ADMIN_ICONS.versions,
    Page: lazy(() => import('./pages/VersionsPage.tsx').then((m) => ({ default: m.VersionsPage }))),
  },
  // Issue 14 §2: enrolled faces, attendance and bulk enrolment.
  {
    path: 'faces',
    labelKey: 'admin.pages.faces',
    icon: ADMIN_ICONS.face,
    Page: lazy(() => import('./pages/FacesPage.tsx').then((m) => ({ default: m.FacesPage }))),
  },
  {
    path: 'audit',
    labelKey: 'admin.pages.audit',
    icon: ADMIN_ICONS.audit,
    Page: lazy(() => import('./pages/AuditPage.tsx').then((m) => ({ default: m.AuditPage }))),
  },
];

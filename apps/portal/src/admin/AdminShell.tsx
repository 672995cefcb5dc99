/**
 * The console's frame (issue 13 §1, ant-design-pro's access-filtered layout): the router under
 * `/admin`, then for the unit in the address a header (brand, unit switcher, language, back to
 * the desktop), the side menu and the page. Menu and routes come from one list, `ADMIN_PAGES`,
 * filtered by the caller's rights for that unit; an address naming a unit outside the scope goes
 * to the caller's own unit.
 */
import { Button, Drawer, Layout, Menu, Select, Spin, type MenuProps } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import type { AdminScope } from '@campus/contracts/admin';
import { ADMIN_PATH } from '@campus/contracts/admin-page';
import { DESKTOP_PATH } from '@campus/contracts/pages';
import type { MeData } from '@campus/contracts/uaa';
import type { Language } from '@campus/sdk/language';
import { switchLanguage } from '../i18n/i18n.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Icon } from '../shared/Icon.tsx';
import { useRuntime } from '../shared/useRuntime.ts';
import { ADMIN_ICONS } from './admin-icons.ts';
import { ADMIN_PAGES, type AdminPageEntry } from './admin-pages.ts';
import {
  findUnit,
  ownUnit,
  pageSegment,
  pathAfterSwitch,
  showsUnitSwitcher,
  unitKind,
  unitName,
  unitPagePath,
  visiblePages,
  type AdminContext,
} from './admin-rules.ts';
import { KIOSK_PATH } from './pages/kiosk-rules.ts';
import { AdminLoading, AdminNotFound } from './StatusPages.tsx';
import { useLayoutWidth } from './useLayoutWidth.ts';

// Issue 14 §1: the clock-in kiosk, loaded when opened (it brings the face component's chunk).
const FacesKioskPage = lazy(() =>
  import('./pages/FacesKioskPage.tsx').then((m) => ({ default: m.FacesKioskPage })),
);

/** The first page the caller may see for a unit (the overview today). */
function homeOf(scope: AdminScope, unitId: string): string {
  const unit = findUnit(scope, unitId);
  const first = unit ? visiblePages(ADMIN_PAGES, { scope, unit })[0] : undefined;
  return first ? unitPagePath(unitId, first.path) : `/${encodeURIComponent(unitId)}`;
}

interface ScopeProps {
  scope: AdminScope;
  me: MeData;
  refreshScope?: () => Promise<void>;
}

export function AdminRouter({ scope, me, refreshScope }: ScopeProps) {
  const own = ownUnit(scope);
  const ownHome = own ? homeOf(scope, own.unitId) : '/';
  return (
    <BrowserRouter basename={ADMIN_PATH}>
      <Routes>
        <Route index element={<Navigate to={ownHome} replace />} />
        <Route
          path=":unitId/*"
          element={
            <UnitConsole scope={scope} me={me} ownHome={ownHome} refreshScope={refreshScope} />
          }
        />
      </Routes>
    </BrowserRouter>
  );
}

/** One unit's console: the unit from the address, checked against the scope. */
function UnitConsole({ scope, me, ownHome, refreshScope }: ScopeProps & { ownHome: string }) {
  const { unitId } = useParams();
  const unit = findUnit(scope, unitId);
  if (!unit) return <Navigate to={ownHome} replace />;
  const context: AdminContext = { scope, unit, refreshScope };
  const pages = visiblePages(ADMIN_PAGES, context);
  const home = homeOf(scope, unit.unitId);
  // The clock-in kiosk: full screen, without the frame, for whoever may see the faces page.
  const kiosk = pages.some((page) => page.path === 'faces');
  return (
    <Routes>
      {kiosk ? (
        <Route
          path={KIOSK_PATH}
          element={
            <Suspense fallback={<AdminLoading />}>
              <FacesKioskPage context={context} />
            </Suspense>
          }
        />
      ) : null}
      <Route
        path="*"
        element={
          <AdminLayout context={context} pages={pages} me={me}>
            <Routes>
              <Route index element={<Navigate to={home} replace />} />
              {pages.map(({ path, Page }) => (
                <Route key={path} path={`${path}/*`} element={<Page context={context} />} />
              ))}
              <Route path="*" element={<AdminNotFound home={home} />} />
            </Routes>
          </AdminLayout>
        }
      />
    </Routes>
  );
}

function AdminLayout({
  context,
  pages,
  me,
  children,
}: {
  context: AdminContext;
  pages: readonly AdminPageEntry[];
  me: MeData;
  children: ReactNode;
}) {
  const { t, lang } = useTranslation();
  const location = useLocation();
  const width = useLayoutWidth();
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  // The drawer is open on the page it was opened on: going anywhere else (a menu item, a link
  // in the page, back) closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = drawerAt === location.pathname;
  const current = pages.find((page) => page.path === pageSegment(location.pathname));
  // Folded on an iPad until the user opens it; a phone uses the drawer instead.
  const folded = collapsed ?? width === 'medium';
  const narrow = width === 'narrow';

  useEffect(() => {
    const page = current ? t(current.labelKey) : t('admin.notFound.title');
    document.title = t('admin.documentTitle', { page });
  }, [current, t, lang]);

  const menu = (
    <AdminMenu
      context={context}
      pages={pages}
      selected={current?.path}
      // A page chosen in the drawer closes it, the page in view too.
      onChoose={() => setDrawerAt(null)}
    />
  );
  const switcher = showsUnitSwitcher(context.scope) ? <UnitSwitcher context={context} /> : null;

  return (
    <Layout
      className={`adm-shell adm-shell--${width}`}
      data-testid="admin.shell"
      data-width={width}
    >
      <a className="adm-skip" href="#adm-main">
        {t('admin.skipToContent')}
      </a>
      <Layout.Header className="adm-header" data-testid="admin.header">
        {narrow ? (
          <Button
            type="text"
            className="adm-header__toggle"
            aria-label={t('admin.menu.open')}
            aria-expanded={drawerOpen}
            data-testid="admin.menuToggle"
            icon={<Icon path={ADMIN_ICONS.menu} size={20} />}
            onClick={() => setDrawerAt(location.pathname)}
          />
        ) : (
          <Button
            type="text"
            className="adm-header__toggle"
            aria-label={folded ? t('admin.menu.expand') : t('admin.menu.collapse')}
            aria-expanded={!folded}
            data-testid="admin.menuToggle"
            icon={<Icon path={folded ? ADMIN_ICONS.expand : ADMIN_ICONS.collapse} size={20} />}
            onClick={() => setCollapsed(!folded)}
          />
        )}
        <Link
          to={unitPagePath(context.unit.unitId, pages[0]?.path ?? '')}
          className="adm-brand"
          data-testid="admin.brand"
        >
          <BrandMark />
          <span className="adm-brand__title">{t('admin.title')}</span>
        </Link>
        {narrow ? null : switcher}
        <span className="adm-header__spacer" />
        {width === 'wide' ? (
          <span className="adm-header__user" data-testid="admin.user">
            {t('header.welcome', { name: me.realName })}
          </span>
        ) : null}
        <LanguageButton />
        <Button
          type="text"
          href={DESKTOP_PATH}
          data-testid="admin.backToDesktop"
          icon={<Icon path={ADMIN_ICONS.desktop} size={18} />}
          {...(narrow ? { 'aria-label': t('admin.backToDesktop') } : {})}
        >
          {narrow ? null : t('admin.backToDesktop')}
        </Button>
      </Layout.Header>
      {narrow && switcher ? <div className="adm-switcher-bar">{switcher}</div> : null}
      <Layout hasSider={!narrow} className="adm-body">
        {narrow ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerAt(null)}
            title={t('admin.menu.label')}
            size={264}
            closable={{ 'aria-label': t('admin.menu.close') }}
            className="adm-drawer"
            data-testid="admin.drawer"
          >
            {menu}
          </Drawer>
        ) : (
          <Layout.Sider
            className="adm-sider"
            theme="light"
            width={220}
            collapsedWidth={64}
            collapsible
            collapsed={folded}
            trigger={null}
          >
            {menu}
          </Layout.Sider>
        )}
        <Layout.Content id="adm-main" className="adm-content" tabIndex={-1}>
          <Suspense
            fallback={
              <div className="adm-status">
                <Spin size="large" />
              </div>
            }
          >
            {children}
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The side menu (or the drawer's): real links, so a page opens in a new tab too. */
function AdminMenu({
  context,
  pages,
  selected,
  onChoose,
}: {
  context: AdminContext;
  pages: readonly AdminPageEntry[];
  selected: string | undefined;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: MenuProps['items'] = pages.map((page) => ({
    key: page.path,
    // A wrapper antd can give its menu-icon class (spacing, the folded menu's centring).
    icon: (
      <span aria-hidden="true">
        <Icon path={page.icon} size={18} />
      </span>
    ),
    label: (
      <Link
        to={unitPagePath(context.unit.unitId, page.path)}
        data-testid={`admin.menu.${page.path}`}
      >
        {t(page.labelKey)}
      </Link>
    ),
  }));
  return (
    <nav aria-label={t('admin.menu.label')} data-testid="admin.menu">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        // A click beside the link (the icon of a folded menu) opens the page too.
        onClick={({ key, domEvent }) => {
          onChoose();
          if (domEvent.target instanceof Element && domEvent.target.closest('a')) return;
          void navigate(unitPagePath(context.unit.unitId, key));
        }}
      />
    </nav>
  );
}

/** The units the caller administers: an area's admin picks the area or one of its schools. */
function UnitSwitcher({ context }: { context: AdminContext }) {
  const { t, lang } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { scope, unit } = context;
  return (
    <span className="adm-switcher" data-testid="admin.unitSwitcher">
      <Select
        className="adm-switcher__select"
        value={unit.unitId}
        aria-label={t('admin.unitSwitcher.label')}
        popupMatchSelectWidth={false}
        options={scope.units.map((u) => ({ value: u.unitId, label: unitName(u, lang) }))}
        optionRender={(option) => {
          const u = findUnit(scope, String(option.value));
          if (!u) return option.label;
          return (
            <span
              className={`adm-unit-option${u.parentId && findUnit(scope, u.parentId) ? ' adm-unit-option--child' : ''}`}
              data-testid={`admin.unitOption.${u.unitId}`}
            >
              <span className="adm-unit-option__name">{unitName(u, lang)}</span>
              <span className="adm-unit-option__kind">
                {t(`admin.unitTypes.${unitKind(u.unitType)}`)}
              </span>
            </span>
          );
        }}
        onChange={(unitId: string) => {
          const next = findUnit(scope, unitId);
          if (!next) return;
          const pages = visiblePages(ADMIN_PAGES, { scope, unit: next });
          void navigate(pathAfterSwitch(location.pathname, next, pages));
        }}
      />
    </span>
  );
}

/** The portal's language switch: the choice is kept, so the desktop follows it too (spec §4). */
function LanguageButton() {
  const { t, lang } = useTranslation();
  const { storage } = useRuntime();
  const next: Language = lang === 'en' ? 'zh-CN' : 'en';
  return (
    <Button
      type="text"
      lang={next}
      title={t('lang.switchLabel')}
      data-testid="admin.lang"
      icon={<Icon path={ADMIN_ICONS.globe} size={18} />}
      onClick={() => void switchLanguage(next, storage)}
    >
      {t('lang.switchTo')}
    </Button>
  );
}

/** The portal's mark (its favicon), beside the console's name. */
function BrandMark() {
  return (
    <svg className="adm-brand__mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="12" fill="currentColor" />
      <path d="M24 11 7 19.5l17 8.5 17-8.5z" fill="#fff" />
      <path d="M14 23.5V31c0 2.6 4.5 5 10 5s10-2.4 10-5v-7.5L24 28.5z" fill="#fff" opacity=".8" />
    </svg>
  );
}

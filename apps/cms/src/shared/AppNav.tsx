/**
 * The app's own navigation: one link per route the user may open. Links follow the same
 * permission codes as the routes (spec §2, §6), so a removed route has no link either.
 */
import { NavLink } from 'react-router';
import { useApp } from '@campus/ui/app-context';
import { Permission } from '@campus/ui/Permission';

export interface NavItem {
  to: string;
  label: string;
  code?: string;
}

export function AppNav({ items }: { items: readonly NavItem[] }) {
  const { t } = useApp();
  return (
    <nav className="cms-nav" aria-label={t('cms.appName')} data-testid="cms.nav">
      {items.map((item) => {
        const link = (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) => `cms-nav__link${isActive ? ' is-active' : ''}`}
            data-testid={`cms.nav.${item.to.replace(/\//g, '.').replace(/^\./, '')}`}
          >
            {t(item.label)}
          </NavLink>
        );
        return item.code ? (
          <Permission key={item.to} code={item.code}>
            {link}
          </Permission>
        ) : (
          link
        );
      })}
    </nav>
  );
}

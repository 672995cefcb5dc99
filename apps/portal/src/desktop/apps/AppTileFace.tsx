import { useState } from 'react';
import type { AppIcon } from '@campus/contracts/desktop';
import { badgeText } from '@campus/sdk/formatters';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { appName, appShortName, iconImageFor } from './app-menu-rules.ts';
import { usePageTheme } from '@campus/ui/page-theme';

/**
 * What every app tile shows (spec §3 App icon), in the menus and in the desktop's widgets alike:
 * the icon of the theme's set (gray, colour, cartoon), so a theme change shows the new set at
 * once, or the app's initial when the image cannot load; the per-app unread badge (99+, spec
 * §9) when `badge` is set; and the short name, or the full one (`label="full"`). `block` is the
 * stylesheet's name for the tile: `dt-tile` in the menus, `dp-tile` in the widgets.
 */
export function AppTileFace({
  app,
  block,
  label = 'short',
  badge = false,
}: {
  app: AppIcon;
  block: 'dt-tile' | 'dp-tile';
  label?: 'short' | 'full';
  badge?: boolean;
}) {
  const { lang } = useTranslation();
  const { theme } = usePageTheme();
  const src = iconImageFor(app.code, theme);
  // Kept per address: the next theme's image gets its own chance to load.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const text = label === 'full' ? appName(app, lang) : appShortName(app, lang);
  const count = badge ? badgeText(app.unReadCodeCount) : '';
  return (
    <>
      <span className={`${block}__img`}>
        {brokenSrc === src ? (
          <span className={`${block}__initial`} aria-hidden="true">
            {text.slice(0, 1)}
          </span>
        ) : (
          <img
            src={src}
            alt=""
            draggable={false}
            loading="lazy"
            onError={() => setBrokenSrc(src)}
          />
        )}
        {count ? (
          <span
            className={`${block}__badge dt-count`}
            data-testid="menu.iconBadge"
            data-count={count}
            aria-hidden="true"
          >
            <span className="ph-visually-hidden">{count}</span>
          </span>
        ) : null}
      </span>
      <span className={`${block}__name`}>{text}</span>
    </>
  );
}

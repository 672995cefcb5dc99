import { Button } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import type { AppGroup, AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { CHROME_ICONS } from '@campus/ui/chrome-icons';
import { AppTile, type IconDrag } from './AppTile.tsx';
import {
  canDragIcons,
  ICON_SLOT_PX,
  menuSections,
  panelWidth,
  topBarIcons,
} from './app-menu-rules.ts';
import type { AppMenuData } from './app-menu-data.ts';

/** The drag state of one menu (spec §2, §6: teachers and type 4 may drag). */
export function useIconDrag(menu: AppMenuData, userType: number): IconDrag {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  return {
    enabled: canDragIcons(userType),
    groups: menu.groups,
    dragging,
    over,
    setDragging,
    setOver,
    reorder: menu.reorder,
  };
}

/**
 * The top app-icon menu (spec §2, §9): up to 10 icons, each in a 60 px slot, and the "all apps"
 * button opening the expand panel with every group.
 */
export function AppMenuBar({
  me,
  menu,
  onOpen,
}: {
  me: MeData;
  menu: AppMenuData;
  onOpen: (icon: AppIcon) => void;
}) {
  const { t } = useTranslation();
  const drag = useIconDrag(menu, me.userType);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const icons = topBarIcons(menu.groups);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const openApp = (icon: AppIcon) => {
    setOpen(false);
    onOpen(icon);
  };

  return (
    <nav
      className="dt-appbar"
      aria-label={t('menu.label')}
      data-testid="menu.bar"
      data-panel={open ? 'open' : 'closed'}
      ref={rootRef}
    >
      <div className="dt-appbar__inner">
        <ul className="dt-appbar__icons" data-testid="menu.topIcons">
          {icons.map((icon) => (
            <li key={icon.code} className="dt-appbar__slot" style={{ width: ICON_SLOT_PX }}>
              <AppTile icon={icon} variant="bar" drag={drag} onOpen={openApp} />
            </li>
          ))}
          {!menu.loaded ? <li className="dt-appbar__loading">{t('menu.loading')}</li> : null}
        </ul>
        <Button
          className="dt-appbar__all"
          data-testid="menu.all"
          aria-expanded={open}
          aria-controls={panelId}
          icon={<Icon path={CHROME_ICONS.apps} size={18} />}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="dt-appbar__all-label">{t('menu.allApps')}</span>
        </Button>
        {open ? (
          <AppPanel
            id={panelId}
            me={me}
            groups={menu.groups}
            drag={drag}
            onOpen={openApp}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </div>
    </nav>
  );
}

/**
 * The expand panel (spec §2, §9): every app, by group with headings for user types 2 and 4,
 * at most 672 px wide, or 780 for a school's teachers and type 4.
 */
function AppPanel({
  id,
  me,
  groups,
  drag,
  onOpen,
  onClose,
}: {
  id: string;
  me: MeData;
  groups: AppGroup[];
  drag: IconDrag;
  onOpen: (icon: AppIcon) => void;
  onClose: () => void;
}) {
  const { t, lang } = useTranslation();
  const cap = panelWidth(me.unitType, me.userType);
  const sections = menuSections(groups, me.userType, lang);

  return (
    <section
      id={id}
      className="dt-panel"
      data-testid="menu.panel"
      data-cap={cap}
      aria-label={t('menu.panelTitle')}
      style={{ width: `min(${cap}px, calc(100vw - 24px))` }}
    >
      <div className="dt-panel__head">
        <h2 className="dt-panel__title">{t('menu.panelTitle')}</h2>
        {drag.enabled ? <span className="dt-panel__hint">{t('menu.dragHint')}</span> : null}
        <Button
          type="text"
          size="small"
          className="dt-panel__close"
          data-testid="menu.close"
          aria-label={t('menu.close')}
          icon={<Icon name="close" size={16} />}
          onClick={onClose}
        />
      </div>
      {sections.every((section) => section.icons.length === 0) ? (
        <p className="dt-panel__empty">{t('menu.empty')}</p>
      ) : null}
      {sections.map((section) => (
        <div key={section.key} className="dt-panel__group">
          {section.title ? (
            <h3 className="dt-panel__heading" data-testid="menu.groupHeading">
              {section.title}
            </h3>
          ) : null}
          <ul className="dt-panel__grid">
            {section.icons.map((icon) => (
              <li key={icon.code}>
                <AppTile icon={icon} variant="panel" drag={drag} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

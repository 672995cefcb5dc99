import { Button } from 'antd';
import { useRef, useState } from 'react';
import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { Icon } from '../../shared/Icon.tsx';
import { CHROME_ICONS } from '@campus/ui/chrome-icons';
import { AppTile } from './AppTile.tsx';
import { useIconDrag } from './AppMenuBar.tsx';
import { menuSections } from './app-menu-rules.ts';
import { useLeftLock, type AppMenuData } from './app-menu-data.ts';

/**
 * The left layout's sidebar (spec §2 Left layout, §4 Layout): the app groups in a column. It is
 * collapsible; the lock toggle pins it open, and the lock is kept per user on the server. When
 * unlocked it rests as a rail of icons and opens while the pointer is inside it, or with its
 * expand button (touch screens and keyboards).
 */
export function LeftSidebar({
  me,
  menu,
  api,
  onOpen,
}: {
  me: MeData;
  menu: AppMenuData;
  api: DesktopApi;
  onOpen: (icon: AppIcon) => void;
}) {
  const { t, lang } = useTranslation();
  const lock = useLeftLock(api, true);
  const drag = useIconDrag(menu, me.userType);
  const [expanded, setExpanded] = useState(false);
  const [hovering, setHovering] = useState(false);
  // After the expand/collapse button, the pointer opens the sidebar again only once it has left
  // it: the sidebar changing width under a still pointer must not undo the click.
  const hoverHeld = useRef(false);
  const open = lock.locked || expanded || hovering;
  const sections = menuSections(menu.groups, me.userType, lang);

  return (
    <aside
      className="dt-sidebar"
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      data-locked={lock.locked}
      aria-label={t('menu.sidebar')}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse' && !hoverHeld.current) setHovering(true);
      }}
      onPointerLeave={() => {
        hoverHeld.current = false;
        setHovering(false);
      }}
    >
      <div className="dt-sidebar__panel">
        <div className="dt-sidebar__tools">
          {open ? <span className="dt-sidebar__title">{t('menu.sidebar')}</span> : null}
          {/* The browser's own tooltip: antd's Tooltip would bring its pop-up engine into the
              desktop's first load for one hint (issue 10 §2 weight). */}
          <Button
            type="text"
            size="small"
            className="dt-sidebar__tool"
            data-testid="sidebar.lock"
            aria-pressed={lock.locked}
            aria-label={lock.locked ? t('menu.unlock') : t('menu.lock')}
            disabled={!lock.known}
            icon={<Icon path={lock.locked ? CHROME_ICONS.pin : CHROME_ICONS.pinOff} size={16} />}
            onClick={lock.toggle}
            title={lock.locked ? t('menu.unlock') : t('menu.lock')}
          />
          {lock.locked ? null : (
            <Button
              type="text"
              size="small"
              className="dt-sidebar__tool"
              data-testid="sidebar.toggle"
              aria-expanded={open}
              aria-label={open ? t('menu.collapse') : t('menu.expand')}
              icon={
                <Icon
                  path={open ? CHROME_ICONS.chevronLeft : CHROME_ICONS.chevronRight}
                  size={16}
                />
              }
              onClick={(event) => {
                // The button acts on what the user sees: opened by the pointer, it shows
                // "collapse", and a click must collapse it (not pin it open as `expanded`).
                // Only a pointer's click holds the hover (a key press has detail 0): the
                // pointer is then inside and must leave before it opens the sidebar again.
                hoverHeld.current = event.detail > 0;
                setHovering(false);
                setExpanded(!open);
              }}
            />
          )}
        </div>
        <div className="dt-sidebar__scroll">
          {sections.map((section) => (
            <div key={section.key} className="dt-sidebar__group">
              {section.title ? (
                <h3 className="dt-sidebar__heading" data-testid="sidebar.groupHeading">
                  {section.title}
                </h3>
              ) : null}
              <ul className="dt-sidebar__list">
                {section.icons.map((icon) => (
                  <li key={icon.code}>
                    <AppTile icon={icon} variant="side" drag={drag} onOpen={onOpen} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </aside>
  );
}

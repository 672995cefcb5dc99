import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import type { DesktopApi } from '@campus/sdk/desktop-api';
import { useTranslation } from '../i18n/useTranslation.ts';
import { ChromeIcon } from './ChromeIcon.tsx';
import { AppTile } from './AppTile.tsx';
import { useIconDrag } from './AppMenuBar.tsx';
import { flattenIcons, groupLabel, showGroupHeadings } from './app-menu-rules.ts';
import { useLeftLock, type AppMenuData } from './useChromeData.ts';

/**
 * The left layout's sidebar (spec §2 Left layout, §4 Layout): the app groups in a column. It is
 * collapsible; the lock toggle pins it open, and the lock is kept per user on the server. When
 * unlocked it rests as a rail of icons and opens while the pointer or focus is inside it, or
 * with its expand button (touch screens).
 */
export function LeftSidebar({
  me,
  menu,
  api,
  theme,
  onOpen,
}: {
  me: MeData;
  menu: AppMenuData;
  api: DesktopApi;
  theme: string | null;
  onOpen: (icon: AppIcon) => void;
}) {
  const { t, lang } = useTranslation();
  const lock = useLeftLock(api, true);
  const drag = useIconDrag(menu, me.userType);
  const [expanded, setExpanded] = useState(false);
  const [hovering, setHovering] = useState(false);
  const open = lock.locked || expanded || hovering;
  const headings = showGroupHeadings(me.userType);
  const sections = headings
    ? menu.groups.map((group) => ({
        key: group.code,
        title: groupLabel(group, lang),
        icons: group.iconVMs,
      }))
    : [{ key: 'all', title: null, icons: flattenIcons(menu.groups) }];

  return (
    <aside
      className="dt-sidebar"
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      data-locked={lock.locked}
      aria-label={t('menu.sidebar')}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovering(true);
      }}
      onPointerLeave={() => setHovering(false)}
    >
      <div className="dt-sidebar__panel">
        <div className="dt-sidebar__tools">
          {open ? <span className="dt-sidebar__title">{t('menu.sidebar')}</span> : null}
          <Tooltip title={lock.locked ? t('menu.unlock') : t('menu.lock')} placement="right">
            <Button
              type="text"
              size="small"
              className="dt-sidebar__tool"
              data-testid="sidebar.lock"
              aria-pressed={lock.locked}
              aria-label={lock.locked ? t('menu.unlock') : t('menu.lock')}
              disabled={!lock.known}
              icon={<ChromeIcon name={lock.locked ? 'pin' : 'pinOff'} size={16} />}
              onClick={lock.toggle}
            />
          </Tooltip>
          {lock.locked ? null : (
            <Button
              type="text"
              size="small"
              className="dt-sidebar__tool"
              data-testid="sidebar.toggle"
              aria-expanded={open}
              aria-label={open ? t('menu.collapse') : t('menu.expand')}
              icon={<ChromeIcon name={open ? 'chevronLeft' : 'chevronRight'} size={16} />}
              onClick={() => {
                setHovering(false);
                setExpanded((value) => !value);
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
                    <AppTile icon={icon} theme={theme} variant="side" drag={drag} onOpen={onOpen} />
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

import type { DragEvent, KeyboardEvent } from 'react';
import type { AppGroup, AppIcon } from '@campus/contracts/desktop';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { appName, canDrop, iconOrder, moveIcon, stepIcon } from './app-menu-rules.ts';
import { AppTileFace } from './AppTileFace.tsx';

/** The drag state the bar, the panel and the sidebar share (spec §2: teachers and type 4 drag). */
export interface IconDrag {
  enabled: boolean;
  groups: AppGroup[];
  dragging: string | null;
  over: string | null;
  setDragging: (code: string | null) => void;
  setOver: (code: string | null) => void;
  reorder: (next: AppGroup[], codes: readonly string[]) => void;
}

/**
 * One app icon of the menus (spec §3 App icon): the face every tile shares (AppTileFace: the
 * theme's image, the per-app unread badge, the short name, or the full name in the sidebar);
 * a click opens the app. Teachers and type 4 drag it onto another icon of its group, or move it
 * with Alt+arrow keys (spec §2, §6). The desktop's widgets use WidgetAppTile, which has no drag.
 */
export function AppTile({
  icon,
  variant,
  drag,
  onOpen,
}: {
  icon: AppIcon;
  variant: 'bar' | 'panel' | 'side';
  drag: IconDrag;
  onOpen: (icon: AppIcon) => void;
}) {
  const { t, lang } = useTranslation();
  const name = appName(icon, lang);
  const count = icon.unReadCodeCount;
  const label = count > 0 ? `${name} · ${t('menu.unread', { count })}` : name;
  const code = icon.code;

  const dragProps = drag.enabled
    ? {
        draggable: true,
        onDragStart: (event: DragEvent<HTMLButtonElement>) => {
          event.dataTransfer.setData('text/plain', code);
          event.dataTransfer.effectAllowed = 'move';
          drag.setDragging(code);
        },
        onDragOver: (event: DragEvent<HTMLButtonElement>) => {
          if (!drag.dragging || !canDrop(drag.groups, drag.dragging, code)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          if (drag.over !== code) drag.setOver(code);
        },
        onDragLeave: () => {
          if (drag.over === code) drag.setOver(null);
        },
        onDrop: (event: DragEvent<HTMLButtonElement>) => {
          event.preventDefault();
          const moving = drag.dragging ?? event.dataTransfer.getData('text/plain');
          const next = moveIcon(drag.groups, moving, code);
          drag.setDragging(null);
          drag.setOver(null);
          if (next) drag.reorder(next, iconOrder(next));
        },
        onDragEnd: () => {
          drag.setDragging(null);
          drag.setOver(null);
        },
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (!event.altKey) return;
          const direction =
            event.key === 'ArrowLeft' || event.key === 'ArrowUp'
              ? -1
              : event.key === 'ArrowRight' || event.key === 'ArrowDown'
                ? 1
                : 0;
          if (direction === 0) return;
          event.preventDefault();
          const next = stepIcon(drag.groups, code, direction);
          if (next) drag.reorder(next, iconOrder(next));
        },
      }
    : {};

  const state = drag.dragging === code ? 'dragging' : drag.over === code ? 'over' : undefined;
  return (
    <button
      type="button"
      className={`dt-tile dt-tile--${variant}`}
      data-testid="menu.icon"
      data-code={code}
      data-drag={state}
      aria-label={label}
      title={name}
      onClick={() => onOpen(icon)}
      {...dragProps}
    >
      <AppTileFace app={icon} block="dt-tile" label={variant === 'side' ? 'full' : 'short'} badge />
    </button>
  );
}

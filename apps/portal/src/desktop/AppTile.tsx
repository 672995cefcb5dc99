import type { DragEvent, KeyboardEvent } from 'react';
import type { AppGroup, AppIcon } from '@campus/contracts/desktop';
import { badgeText } from '@campus/sdk/formatters';
import { useTranslation } from '../i18n/useTranslation.ts';
import {
  appLabel,
  canDrop,
  iconImageFor,
  iconOrder,
  moveIcon,
  stepIcon,
} from './app-menu-rules.ts';

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
 * One app icon (spec §3 App icon): the theme's image (gray, colour, cartoon), the short name,
 * the per-app unread badge; a click opens the app. Teachers and type 4 drag it onto another
 * icon of its group, or move it with Alt+arrow keys (spec §2, §6).
 */
export function AppTile({
  icon,
  theme,
  variant,
  drag,
  onOpen,
}: {
  icon: AppIcon;
  theme: string | null;
  variant: 'bar' | 'panel' | 'side';
  drag: IconDrag;
  onOpen: (icon: AppIcon) => void;
}) {
  const { t, lang } = useTranslation();
  const { name, shortName } = appLabel(icon, lang);
  const count = icon.unReadCodeCount;
  const badge = badgeText(count);
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
      <span className="dt-tile__img">
        <img src={iconImageFor(code, theme)} alt="" draggable={false} loading="lazy" />
        {badge ? (
          <span className="dt-tile__badge" data-testid="menu.iconBadge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </span>
      <span className="dt-tile__name">{variant === 'side' ? name : shortName}</span>
    </button>
  );
}

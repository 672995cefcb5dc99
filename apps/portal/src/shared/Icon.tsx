import { ChromeIcon } from '@campus/ui/ChromeIcon';

/** Line icons drawn inline (no icon font: the login page counts its bytes). */
export const ICON_PATHS = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  alert: 'M12 7v6M12 16.5v.5',
  close: 'M6 6l12 12M18 6L6 18',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3.5 9h17M3.5 15h17M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4.5 20c.9-3.6 3.9-5.5 7.5-5.5s6.6 1.9 7.5 5.5',
  lock: 'M6.5 10.5h11a1 1 0 011 1v8a1 1 0 01-1 1h-11a1 1 0 01-1-1v-8a1 1 0 011-1zM8.5 10.5V8a3.5 3.5 0 017 0v2.5',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  eyeOff:
    'M3 3l18 18M10.6 6.1c.5-.1.9-.1 1.4-.1 6 0 9.5 6 9.5 6a17 17 0 01-2.6 3.3M6.3 7.5C3.9 9.2 2.5 12 2.5 12S6 18.5 12 18.5c1.7 0 3.2-.5 4.5-1.2M9.9 9.9a3 3 0 004.2 4.2',
  back: 'M15 5l-7 7 7 7',
  logout: 'M14 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 16l-4-4 4-4M6 12h10',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/**
 * A line icon (the chrome's `ChromeIcon`: one path on a 24-unit grid, hidden from screen
 * readers; the control around it carries the label). `name` picks one of the paths above;
 * `path` draws one from a set kept apart so this module stays small, such as the desktop
 * chrome's (`@campus/ui/chrome-icons`), which the login page does not carry.
 *
 * @example <Icon name="close" size={16} />
 * @example <Icon path={CHROME_ICONS.bell} size={20} />
 */
export function Icon(
  props: { size?: number } & ({ name: IconName; path?: never } | { path: string; name?: never }),
) {
  const path = props.name === undefined ? props.path : ICON_PATHS[props.name];
  return <ChromeIcon path={path} size={props.size ?? 18} />;
}

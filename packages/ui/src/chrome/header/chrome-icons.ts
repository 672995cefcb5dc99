/**
 * The chrome's line-icon paths (desktop and sub-apps), drawn by `ChromeIcon` here or the
 * portal's `shared/Icon.tsx` (`<Icon path={…} />`). Kept apart from the login page's set so the
 * login page does not carry them.
 */
export const CHROME_ICONS = {
  bell: 'M6 16.5V11a6 6 0 1112 0v5.5l1.5 1.5h-15L6 16.5zM10 20.5a2 2 0 004 0',
  home: 'M3.5 11L12 4l8.5 7M6 9.5V20h4.5v-5.5h3V20H18V9.5',
  children:
    'M8.5 11a3 3 0 100-6 3 3 0 000 6zM3 20c.6-3.3 2.8-5 5.5-5s4.9 1.7 5.5 5M16 11.5a2.5 2.5 0 100-5M17.5 15c1.9.4 3.1 2 3.5 4.5',
  palette:
    'M12 3.5a8.5 8.5 0 000 17c1.1 0 1.7-.8 1.4-1.8-.4-1.3.4-2.4 1.8-2.4H17a3.5 3.5 0 003.5-3.5c0-5.1-3.8-9.3-8.5-9.3zM7.5 12.5h.01M9.5 8h.01M14.5 8h.01M16.8 11.5h.01',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  fullscreenExit: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  swap: 'M4 8h13l-3.5-3.5M20 16H7l3.5 3.5',
  menu: 'M4 6.5h16M4 12h16M4 17.5h16',
  apps: 'M5 5h4v4H5zM10 5h4v4h-4zM15 5h4v4h-4zM5 10h4v4H5zM10 10h4v4h-4zM15 10h4v4h-4zM5 15h4v4H5zM10 15h4v4h-4zM15 15h4v4h-4z',
  chevronLeft: 'M14.5 6l-6 6 6 6',
  chevronRight: 'M9.5 6l6 6-6 6',
  pin: 'M9 4h6l-1 5 3.5 3.5H6.5L10 9 9 4zM12 12.5V20',
  pinOff: 'M9 4h6l-1 5 3.5 3.5H6.5L10 9 9 4zM12 12.5V20M4 4l16 16',
  help: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 114 2c-.9.6-1.5 1.2-1.5 2.3M12 17h.01',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3.5 9h17M3.5 15h17M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z',
  logout: 'M14 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 16l-4-4 4-4M6 12h10',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4.5 20c.9-3.6 3.9-5.5 7.5-5.5s6.6 1.9 7.5 5.5',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v5.5M12 7.5h.01',
  admin: 'M12 3.5l7 2.5v5.5c0 4.2-2.9 7.8-7 9-4.1-1.2-7-4.8-7-9V6l7-2.5zM8.8 12l2.2 2.2 4.3-4.4',
} as const;

/**
 * The console's line icons (24-unit paths drawn by the portal's `Icon`), in the style of the
 * chrome's set, so the console needs no icon font or icon package.
 */
export const ADMIN_ICONS = {
  overview: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  menu: 'M4 6.5h16M4 12h16M4 17.5h16',
  collapse: 'M20 6.5H10M20 12H10M20 17.5H10M7 9l-3 3 3 3',
  expand: 'M20 6.5H10M20 12H10M20 17.5H10M4 9l3 3-3 3',
  desktop: 'M3.5 11L12 4l8.5 7M6 9.5V20h4.5v-5.5h3V20H18V9.5',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3.5 9h17M3.5 15h17M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z',
  unit: 'M4 20V9l8-5 8 5v11M9 20v-6h6v6M3 20h18',
  apps: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
} as const;

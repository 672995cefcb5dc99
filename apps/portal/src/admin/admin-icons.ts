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
  roles: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4',
  licences: 'M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h5',
  themes:
    'M12 3a9 9 0 000 18c1.2 0 1.8-.8 1.8-1.7 0-1.2-1-1.6-1-2.6 0-1 .8-1.7 1.8-1.7H17a4 4 0 004-4c0-4.4-4-8-9-8zM7.5 12h.01M9.5 7.5h.01M14.5 7.5h.01',
  oauth:
    'M14.5 4a5.5 5.5 0 00-5.2 7.3L3.5 17v3.5H7V18h2.5v-2.5H12l1.2-1.2A5.5 5.5 0 1014.5 4zM16 8h.01',
  versions: 'M4 6h10M4 12h16M4 18h12M18 4v5M15.5 6.5h5',
} as const;

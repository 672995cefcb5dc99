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
  face: 'M4 8V5.5A1.5 1.5 0 015.5 4H8M16 4h2.5A1.5 1.5 0 0120 5.5V8M20 16v2.5a1.5 1.5 0 01-1.5 1.5H16M8 20H5.5A1.5 1.5 0 014 18.5V16M9 9.5v1M15 9.5v1M12 10v3.5h-1M9.5 16c1.4 1 3.6 1 5 0',
  users:
    'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.3a3.5 3.5 0 010 6.4M18 14.4c2 .8 3.5 2.8 3.5 5.6',
  import: 'M12 3v12M7.5 10.5 12 15l4.5-4.5M4 15v4.5h16V15',
  messages: 'M4 5h16v11H9l-5 4zM8 9h8M8 12.5h5',
  audit: 'M6 3.5h9l4 4V20.5H6zM14.5 3.5V8H19M9 12h7M9 15.5h7M9 8.5h3',
  apps: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  roles: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4',
  licences: 'M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h5',
  themes:
    'M12 3a9 9 0 000 18c1.2 0 1.8-.8 1.8-1.7 0-1.2-1-1.6-1-2.6 0-1 .8-1.7 1.8-1.7H17a4 4 0 004-4c0-4.4-4-8-9-8zM7.5 12h.01M9.5 7.5h.01M14.5 7.5h.01',
  oauth:
    'M14.5 4a5.5 5.5 0 00-5.2 7.3L3.5 17v3.5H7V18h2.5v-2.5H12l1.2-1.2A5.5 5.5 0 1014.5 4zM16 8h.01',
  versions: 'M4 6h10M4 12h16M4 18h12M18 4v5M15.5 6.5h5',
} as const;

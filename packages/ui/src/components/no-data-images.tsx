/**
 * The default illustrations of the no-data placeholder (spec §2: one per type). Drawn inline so
 * a sub-app needs no image files; accents use `currentColor`, which ui.css sets to the theme
 * colour, so they follow a theme change. No gradients or ids: several placeholders can share a
 * page without id clashes.
 */
import type { SVGProps } from 'react';

type ImageProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'viewBox'>;

const base = {
  viewBox: '0 0 160 120',
  width: 160,
  height: 120,
  'aria-hidden': true,
  focusable: false,
} as const;

const LINE = '#c9d4e5';
const SOFT = '#eef3fb';

/** Spec §2 no-data type `desktop`: an empty screen with free app slots. */
export function NoDataDesktopImage(props: ImageProps) {
  return (
    <svg {...base} {...props}>
      <ellipse cx="80" cy="110" rx="56" ry="5" fill={SOFT} />
      <rect
        x="22"
        y="14"
        width="116"
        height="76"
        rx="8"
        fill="#fff"
        stroke={LINE}
        strokeWidth="2"
      />
      <rect x="22" y="14" width="116" height="14" rx="8" fill={SOFT} />
      <circle cx="32" cy="21" r="2.5" fill="currentColor" opacity=".6" />
      <circle cx="40" cy="21" r="2.5" fill={LINE} />
      <g fill="none" stroke={LINE} strokeWidth="1.6" strokeDasharray="4 3">
        <rect x="36" y="38" width="20" height="20" rx="5" />
        <rect x="70" y="38" width="20" height="20" rx="5" />
        <rect x="104" y="38" width="20" height="20" rx="5" />
      </g>
      <rect x="36" y="38" width="20" height="20" rx="5" fill="currentColor" opacity=".18" />
      <rect x="36" y="66" width="54" height="5" rx="2.5" fill={SOFT} />
      <rect x="36" y="76" width="34" height="5" rx="2.5" fill={SOFT} />
      <path d="M72 90h16l3 14H69z" fill={LINE} />
      <rect x="60" y="102" width="40" height="4" rx="2" fill={LINE} />
    </svg>
  );
}

/** Spec §2 no-data type `dashboard`: a chart card with empty bars and a flat line. */
export function NoDataDashboardImage(props: ImageProps) {
  return (
    <svg {...base} {...props}>
      <ellipse cx="80" cy="110" rx="56" ry="5" fill={SOFT} />
      <rect
        x="24"
        y="12"
        width="112"
        height="88"
        rx="10"
        fill="#fff"
        stroke={LINE}
        strokeWidth="2"
      />
      <rect x="36" y="24" width="40" height="6" rx="3" fill={SOFT} />
      <path d="M38 86h84" stroke={LINE} strokeWidth="2" strokeLinecap="round" />
      <g fill="none" stroke={LINE} strokeWidth="1.6" strokeDasharray="4 3">
        <rect x="44" y="52" width="12" height="34" rx="3" />
        <rect x="66" y="42" width="12" height="44" rx="3" />
        <rect x="88" y="60" width="12" height="26" rx="3" />
        <rect x="110" y="48" width="12" height="38" rx="3" />
      </g>
      <path
        d="M42 72c10 0 14-6 24-6s14 8 24 8 14-10 24-10 8 4 10 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        opacity=".55"
      />
      <circle cx="118" cy="30" r="9" fill="currentColor" opacity=".16" />
      <path d="M118 30V21a9 9 0 0 1 9 9z" fill="currentColor" opacity=".5" />
    </svg>
  );
}

/** Spec §2 no-data type `default`: an open, empty tray. */
export function NoDataDefaultImage(props: ImageProps) {
  return (
    <svg {...base} {...props}>
      <ellipse cx="80" cy="108" rx="58" ry="6" fill={SOFT} />
      <path d="M46 30h68l18 36H28z" fill={SOFT} stroke={LINE} strokeWidth="2" />
      <rect x="56" y="20" width="48" height="34" rx="4" fill="#fff" stroke={LINE} strokeWidth="2" />
      <rect x="64" y="30" width="26" height="4" rx="2" fill={LINE} />
      <rect x="64" y="40" width="18" height="4" rx="2" fill={SOFT} />
      <path
        d="M28 66h30l6 10h32l6-10h30v30a6 6 0 0 1-6 6H34a6 6 0 0 1-6-6z"
        fill="#fff"
        stroke={LINE}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M64 76h32"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        opacity=".55"
      />
      <g fill="currentColor" opacity=".4">
        <circle cx="36" cy="22" r="2.5" />
        <circle cx="126" cy="16" r="3.5" />
        <circle cx="138" cy="34" r="2" />
      </g>
    </svg>
  );
}

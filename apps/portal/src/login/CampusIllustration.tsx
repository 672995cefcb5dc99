/** The decorative campus scene of the login card's side panel. */
export function CampusIllustration() {
  return (
    <svg className="lp-art__scene" viewBox="0 0 360 240" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="lp-building" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dfe9fb" />
        </linearGradient>
        <linearGradient id="lp-roof" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd27a" />
          <stop offset="1" stopColor="#f5a94a" />
        </linearGradient>
      </defs>
      <ellipse cx="180" cy="222" rx="170" ry="14" fill="#ffffff" opacity=".16" />
      <circle cx="292" cy="46" r="22" fill="#ffd27a" opacity=".9" />
      <circle cx="292" cy="46" r="34" fill="#ffd27a" opacity=".18" />
      <g fill="#ffffff" opacity=".5">
        <rect x="38" y="40" width="54" height="14" rx="7" />
        <rect x="58" y="30" width="30" height="14" rx="7" />
        <rect x="214" y="78" width="46" height="12" rx="6" />
      </g>
      <rect x="96" y="112" width="168" height="104" rx="6" fill="url(#lp-building)" />
      <path d="M86 116 180 62l94 54z" fill="url(#lp-roof)" />
      <circle cx="180" cy="96" r="12" fill="#ffffff" />
      <path
        d="M180 89v7l5 3"
        stroke="#457CD6"
        strokeWidth="2.4"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M180 62V34" stroke="#ffffff" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M180 35h22l-5 6 5 6h-22z" fill="#ff7b6b" />
      <g fill="#7fa6e6">
        <rect x="112" y="130" width="26" height="22" rx="3" />
        <rect x="222" y="130" width="26" height="22" rx="3" />
        <rect x="112" y="166" width="26" height="22" rx="3" />
        <rect x="222" y="166" width="26" height="22" rx="3" />
      </g>
      <rect x="160" y="160" width="40" height="56" rx="20" fill="#457CD6" />
      <rect x="178.5" y="160" width="3" height="56" fill="#3566b8" />
      <g>
        <rect x="40" y="176" width="6" height="40" rx="3" fill="#2e5aa8" />
        <circle cx="43" cy="166" r="24" fill="#6fcf97" />
        <circle cx="52" cy="178" r="14" fill="#4fb57e" />
        <rect x="314" y="184" width="6" height="32" rx="3" fill="#2e5aa8" />
        <circle cx="317" cy="176" r="19" fill="#6fcf97" />
        <circle cx="306" cy="186" r="11" fill="#4fb57e" />
      </g>
      <g transform="translate(62 204)">
        <rect width="40" height="8" rx="2" fill="#ff9f7a" />
        <rect x="4" y="-8" width="34" height="8" rx="2" fill="#ffd27a" />
        <rect x="-2" y="-16" width="38" height="8" rx="2" fill="#8fd0ff" />
      </g>
      <g transform="translate(268 198) rotate(-28)">
        <rect width="44" height="8" rx="2" fill="#ffd27a" />
        <path d="M44 0l10 4-10 4z" fill="#f5c69a" />
        <rect width="8" height="8" rx="2" fill="#ff7b6b" />
      </g>
    </svg>
  );
}

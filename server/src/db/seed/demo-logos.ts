/**
 * The demo units' logos, drawn as SVG so the repository carries no binary images.
 * Only fixed text goes into them; nothing here comes from user input.
 */

const SUN_RAYS = Array.from({ length: 12 }, (_, i) => {
  const angle = (i * Math.PI) / 6;
  const [x1, y1, x2, y2] = [17, 17, 24, 24].map((r, j) =>
    (j % 2 === 0 ? Math.cos(angle) * r : Math.sin(angle) * r).toFixed(2),
  );
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
}).join('');

/** Sunshine Primary School: a shield with a rising sun over an open book and the initials. */
export const SUNSHINE_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="阳光小学 Sunshine Primary School">
<title>阳光小学 Sunshine Primary School</title>
<defs>
<linearGradient id="sp-shield" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a7be0"/><stop offset="1" stop-color="#1b4a9e"/></linearGradient>
<linearGradient id="sp-sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe066"/><stop offset="1" stop-color="#ff9f1c"/></linearGradient>
</defs>
<path d="M64 5 112 21v38c0 33-21 53-48 64C37 112 16 92 16 59V21z" fill="url(#sp-shield)" stroke="#f2c14e" stroke-width="4" stroke-linejoin="round"/>
<path d="M64 13 104 26v33c0 28-17 45-40 55-23-10-40-27-40-55V26z" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.5"/>
<g transform="translate(64 42)" stroke="#ffd166" stroke-width="3" stroke-linecap="round">${SUN_RAYS}<circle r="12" fill="url(#sp-sun)" stroke="none"/></g>
<path d="M34 66c10-5 20-5 30 1 10-6 20-6 30-1v10c-10-5-20-5-30 1-10-6-20-6-30-1z" fill="#ffffff"/>
<path d="M64 67v10" stroke="#1b4a9e" stroke-width="1.5"/>
<text x="64" y="102" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="22" font-weight="700" letter-spacing="3" fill="#ffffff">SP</text>
</svg>
`;

/** East District Education Bureau: a round seal with a gold ring, a book and the initials. */
export const EAST_DISTRICT_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="东区教育局 East District Education Bureau">
<title>东区教育局 East District Education Bureau</title>
<defs>
<radialGradient id="ed-seal" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#1f5c99"/><stop offset="1" stop-color="#0e3563"/></radialGradient>
</defs>
<circle cx="64" cy="64" r="60" fill="url(#ed-seal)"/>
<circle cx="64" cy="64" r="52" fill="none" stroke="#c9a227" stroke-width="3"/>
<circle cx="64" cy="64" r="46" fill="none" stroke="#c9a227" stroke-width="1" stroke-dasharray="2 4"/>
<path d="M40 46c8-4 16-4 24 1 8-5 16-5 24-1v22c-8-4-16-4-24 1-8-5-16-5-24-1z" fill="#ffffff"/>
<path d="M64 47v22" stroke="#0e3563" stroke-width="1.5"/>
<path d="M46 52h12M46 57h12M70 52h12M70 57h12" stroke="#9fb7d4" stroke-width="1.5" stroke-linecap="round"/>
<text x="64" y="96" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="20" font-weight="700" letter-spacing="3" fill="#f2d27a">ED</text>
</svg>
`;

// @ts-check
// Beetle's picture for the lobby and its rules page, as inline SVG (no image file to fetch).

export const PICTURE = `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#f4efe2"/>
      <g stroke="#2b2b2b" stroke-width="2.5" fill="none" stroke-linecap="round">
        <path d="M45 38 l-14 -8 M45 48 l-16 0 M45 58 l-14 9 M75 38 l14 -8 M75 48 l16 0 M75 58 l14 9"/>
        <path d="M54 20 q-6 -10 -12 -12 M66 20 q6 -10 12 -12"/>
        <path d="M60 72 l0 10"/>
      </g>
      <ellipse cx="60" cy="50" rx="17" ry="23" fill="#3b7d3a" stroke="#2b2b2b" stroke-width="2.5"/>
      <path d="M60 28 L60 72" stroke="#2b2b2b" stroke-width="1.5"/>
      <circle cx="60" cy="24" r="9" fill="#6a4c2f" stroke="#2b2b2b" stroke-width="2.5"/>
      <circle cx="56" cy="22" r="2" fill="#fff"/><circle cx="64" cy="22" r="2" fill="#fff"/>
      <g transform="translate(94 60)"><rect width="20" height="20" rx="4" fill="#fff" stroke="#2b2b2b" stroke-width="2"/>
        <circle cx="5" cy="5" r="2"/><circle cx="15" cy="15" r="2"/><circle cx="10" cy="10" r="2"/></g>
    </svg>`;

// @ts-check
// Kubik's picture for the lobby and its rules page, as inline SVG (no image file to fetch).

export const PICTURE = `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#cfe3b4"/>
      <circle cx="72" cy="36" r="22" fill="none" stroke="#fff" stroke-width="3"/>
      <circle cx="72" cy="36" r="4" fill="none" stroke="#fff" stroke-width="1.5"/>
      <path d="M8 80 L112 80 M8 80 L8 6" stroke="#fff" stroke-width="3" stroke-dasharray="2 0"/>
      <rect x="67" y="31" width="10" height="10" fill="#e9c98f" stroke="#6b4a24" transform="rotate(12 72 36)"/>
      <circle cx="72" cy="36" r="1.2" fill="#222"/>
      <path d="M30 76 L60 44" stroke="#6b4a24" stroke-width="3.5" stroke-linecap="round"/>
      <path d="M36 70 Q44 58 56 50" stroke="#345" stroke-width="1" fill="none" stroke-dasharray="3 3"/>
    </svg>`;

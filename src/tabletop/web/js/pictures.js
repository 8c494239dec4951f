// The lobby's picture of each game, drawn here as inline SVG (no image files to fetch).

const PICTURES = {
  beetle: `
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
    </svg>`,
  cribbage: `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#2f5d46"/>
      <rect x="8" y="62" width="104" height="20" rx="6" fill="#b9874f" stroke="#6b4a24" stroke-width="1.5"/>
      <g fill="#5a3a18">${Array.from({ length: 15 }, (_, i) => `<circle cx="${14 + i * 6.6}" cy="68" r="1.3"/><circle cx="${14 + i * 6.6}" cy="76" r="1.3"/>`).join("")}</g>
      <circle cx="47" cy="68" r="2.6" fill="#d55e00"/><circle cx="73" cy="76" r="2.6" fill="#0072b2"/>
      <g transform="rotate(-12 40 35)"><rect x="24" y="10" width="30" height="42" rx="3" fill="#fff" stroke="#333"/>
        <text x="29" y="25" font-size="12" font-family="serif" fill="#c00">5♥</text></g>
      <g transform="rotate(4 62 33)"><rect x="46" y="10" width="30" height="42" rx="3" fill="#fff" stroke="#333"/>
        <text x="51" y="25" font-size="12" font-family="serif">5♠</text></g>
      <g transform="rotate(16 84 35)"><rect x="68" y="12" width="30" height="42" rx="3" fill="#fff" stroke="#333"/>
        <text x="73" y="27" font-size="12" font-family="serif" fill="#c00">J♦</text></g>
    </svg>`,
  cubulus: `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#e8eef5"/>
      <g stroke="#445" stroke-width="1.2" fill="none">
        <path d="M30 30 L60 15 L90 30 L60 45 Z" fill="#f7f7fb"/>
        <path d="M30 30 L30 68 L60 83 L60 45 Z" fill="#dde3ee"/>
        <path d="M90 30 L90 68 L60 83 L60 45 Z" fill="#cfd7e6"/>
      </g>
      ${[[0, 0, "#d55e00"], [1, 0, "#d55e00"], [0, 1, "#d55e00"], [1, 1, "#d55e00"], [2, 0, "#0072b2"], [2, 2, "#0072b2"], [0, 2, "#999"], [1, 2, "#0072b2"], [2, 1, "#999"]]
        .map(([i, j, c]) => `<circle cx="${40 + i * 10 - j * 0}" cy="${39 + j * 13 + i * 5}" r="4.3" fill="${c}" stroke="#223" stroke-width="0.8"/>`).join("")}
      ${[[0, 0, "#0072b2"], [1, 0, "#999"], [2, 0, "#d55e00"], [0, 1, "#0072b2"], [1, 1, "#0072b2"], [2, 1, "#999"], [0, 2, "#d55e00"], [1, 2, "#999"], [2, 2, "#0072b2"]]
        .map(([i, j, c]) => `<circle cx="${70 + i * 10}" cy="${49 + j * 13 - i * 5}" r="4.3" fill="${c}" stroke="#223" stroke-width="0.8"/>`).join("")}
      ${[[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]]
        .map(([i, j]) => `<circle cx="${60 + (i - j) * 10}" cy="${19 + (i + j) * 5}" r="3.6" fill="${(i + j) % 2 ? "#999" : "#d55e00"}" stroke="#223" stroke-width="0.8"/>`).join("")}
    </svg>`,
  kubik: `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#cfe3b4"/>
      <circle cx="72" cy="36" r="22" fill="none" stroke="#fff" stroke-width="3"/>
      <circle cx="72" cy="36" r="4" fill="none" stroke="#fff" stroke-width="1.5"/>
      <path d="M8 80 L112 80 M8 80 L8 6" stroke="#fff" stroke-width="3" stroke-dasharray="2 0"/>
      <rect x="67" y="31" width="10" height="10" fill="#e9c98f" stroke="#6b4a24" transform="rotate(12 72 36)"/>
      <circle cx="72" cy="36" r="1.2" fill="#222"/>
      <path d="M30 76 L60 44" stroke="#6b4a24" stroke-width="3.5" stroke-linecap="round"/>
      <path d="M36 70 Q44 58 56 50" stroke="#345" stroke-width="1" fill="none" stroke-dasharray="3 3"/>
    </svg>`,
};

/** The picture of `game` as an SVG string (an empty string for an unknown game). */
export function picture(game) {
  return PICTURES[game] || "";
}

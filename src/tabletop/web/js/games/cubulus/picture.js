// @ts-check
// Cubulus's picture for the lobby and its rules page, as inline SVG (no image file to fetch).

export const PICTURE = `
    <svg viewBox="0 0 120 90" role="img" aria-hidden="true">
      <rect x="0" y="0" width="120" height="90" rx="8" fill="#e8eef5"/>
      <g stroke="#445" stroke-width="1.2" fill="none">
        <path d="M30 30 L60 15 L90 30 L60 45 Z" fill="#f7f7fb"/>
        <path d="M30 30 L30 68 L60 83 L60 45 Z" fill="#dde3ee"/>
        <path d="M90 30 L90 68 L60 83 L60 45 Z" fill="#cfd7e6"/>
      </g>
      ${/** @type {[number, number, string][]} */ ([[0, 0, "#d55e00"], [1, 0, "#d55e00"], [0, 1, "#d55e00"], [1, 1, "#d55e00"], [2, 0, "#0072b2"], [2, 2, "#0072b2"], [0, 2, "#999"], [1, 2, "#0072b2"], [2, 1, "#999"]])
        .map(([i, j, c]) => `<circle cx="${40 + i * 10 - j * 0}" cy="${39 + j * 13 + i * 5}" r="4.3" fill="${c}" stroke="#223" stroke-width="0.8"/>`).join("")}
      ${/** @type {[number, number, string][]} */ ([[0, 0, "#0072b2"], [1, 0, "#999"], [2, 0, "#d55e00"], [0, 1, "#0072b2"], [1, 1, "#0072b2"], [2, 1, "#999"], [0, 2, "#d55e00"], [1, 2, "#999"], [2, 2, "#0072b2"]])
        .map(([i, j, c]) => `<circle cx="${70 + i * 10}" cy="${49 + j * 13 - i * 5}" r="4.3" fill="${c}" stroke="#223" stroke-width="0.8"/>`).join("")}
      ${[[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]]
        .map(([i, j]) => `<circle cx="${60 + (i - j) * 10}" cy="${19 + (i + j) * 5}" r="3.6" fill="${(i + j) % 2 ? "#999" : "#d55e00"}" stroke="#223" stroke-width="0.8"/>`).join("")}
    </svg>`;

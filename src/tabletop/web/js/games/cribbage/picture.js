// @ts-check
// Cribbage's picture for the lobby and its rules page, as inline SVG (no image file to fetch).

export const PICTURE = `
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
    </svg>`;

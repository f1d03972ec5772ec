/**
 * Demo images the repository draws itself (no downloads): small SVG scenes, each in a "before"
 * state (dull, cluttered, colour cast, dust) and an "after" state (clean, true colour).
 */

export type Subject = 'bottle' | 'portrait' | 'ring' | 'headshot' | 'newborn' | 'model' | 'restoration' | 'landscape';

const palettes = [
  ['#e4572e', '#29335c', '#f3a712'],
  ['#3a86ff', '#8338ec', '#ffbe0b'],
  ['#2a9d8f', '#264653', '#e9c46a'],
  ['#d62828', '#003049', '#fcbf49'],
  ['#6a4c93', '#1982c4', '#8ac926'],
] as const;

function subjectShapes(subject: Subject, colors: readonly string[]): string {
  const [a, b, c] = colors;
  switch (subject) {
    case 'bottle':
      return `<rect x="340" y="170" width="120" height="300" rx="36" fill="${a}"/>
<rect x="372" y="120" width="56" height="60" rx="10" fill="${b}"/>
<rect x="352" y="260" width="96" height="110" rx="8" fill="#fff" opacity=".9"/>
<text x="400" y="325" font-family="Georgia,serif" font-size="26" text-anchor="middle" fill="${b}">Aura</text>`;
    case 'portrait':
    case 'headshot':
      return `<rect x="250" y="380" width="300" height="220" rx="140" fill="${b}"/>
<circle cx="400" cy="270" r="110" fill="#f1c7a5"/>
<path d="M290 250 Q400 110 510 250 Q505 170 400 150 Q295 170 290 250Z" fill="${subject === 'portrait' ? '#3b2416' : '#1f1a17'}"/>
<circle cx="362" cy="275" r="9" fill="#2b1d14"/><circle cx="438" cy="275" r="9" fill="#2b1d14"/>
<path d="M370 325 Q400 345 430 325" stroke="#a0524a" stroke-width="6" fill="none" stroke-linecap="round"/>
${subject === 'headshot' ? `<path d="M330 420 L400 500 L470 420" fill="#fff"/><rect x="392" y="440" width="16" height="80" fill="${a}"/>` : ''}`;
    case 'ring':
      return `<ellipse cx="400" cy="360" rx="150" ry="70" fill="none" stroke="${c}" stroke-width="26"/>
<polygon points="400,190 450,250 400,300 350,250" fill="#e8f4ff" stroke="${a}" stroke-width="4"/>
<polygon points="400,190 425,250 400,300 375,250" fill="#ffffff" opacity=".7"/>
<ellipse cx="400" cy="470" rx="160" ry="14" fill="#000" opacity=".12"/>`;
    case 'newborn':
      return `<ellipse cx="400" cy="380" rx="230" ry="120" fill="${c}" opacity=".85"/>
<ellipse cx="430" cy="360" rx="150" ry="80" fill="#fbe3d2"/>
<circle cx="270" cy="330" r="80" fill="#f6d2b8"/>
<path d="M240 330 Q255 340 270 330" stroke="#6b4a3a" stroke-width="4" fill="none"/>
<path d="M280 335 Q295 345 310 335" stroke="#6b4a3a" stroke-width="4" fill="none"/>
<path d="M200 290 Q270 220 340 290" fill="${a}" opacity=".8"/>`;
    case 'model':
      return `<circle cx="400" cy="170" r="60" fill="#e9b99a"/>
<path d="M340 150 Q400 60 460 150 L470 260 Q400 230 330 260Z" fill="#2d1b12"/>
<path d="M320 250 Q400 220 480 250 L520 560 L280 560Z" fill="${a}"/>
<path d="M340 300 L300 450" stroke="#e9b99a" stroke-width="26" stroke-linecap="round"/>
<path d="M460 300 L500 450" stroke="#e9b99a" stroke-width="26" stroke-linecap="round"/>`;
    case 'restoration':
      return `<rect x="220" y="110" width="360" height="400" fill="#efe6d2" stroke="#fff" stroke-width="16"/>
<circle cx="400" cy="250" r="70" fill="#8c7a5f"/>
<rect x="300" y="330" width="200" height="170" rx="90" fill="#5e5040"/>
<path d="M260 150 Q320 160 360 140" stroke="#5e5040" stroke-width="3" fill="none"/>`;
    case 'landscape':
      return `<rect x="0" y="0" width="800" height="360" fill="${b}"/>
<circle cx="610" cy="130" r="60" fill="${c}"/>
<polygon points="0,420 180,220 330,400 470,250 800,430 800,600 0,600" fill="${a}"/>
<polygon points="0,480 240,380 520,470 800,400 800,600 0,600" fill="#1b4332"/>`;
  }
}

/** One demo image as SVG text: `variant` picks the palette, `state` before or after retouching. */
export function demoImage(subject: Subject, state: 'before' | 'after', variant = 0): string {
  const colors = palettes[variant % palettes.length]!;
  const after = state === 'after';
  const background = after
    ? `<rect width="800" height="600" fill="#ffffff"/><ellipse cx="400" cy="560" rx="260" ry="22" fill="#000" opacity=".08"/>`
    : `<rect width="800" height="600" fill="#8d8577"/>
<rect x="40" y="60" width="180" height="260" fill="#6f6a5f"/><rect x="600" y="300" width="170" height="240" fill="#a59d8c"/>
<path d="M0 520 L800 470 L800 600 L0 600Z" fill="#5c564b"/>`;
  const dust = after
    ? ''
    : Array.from({ length: 28 }, (_, i) => {
        const x = (i * 137 + variant * 53) % 800;
        const y = (i * 89 + variant * 31) % 600;
        return `<circle cx="${x}" cy="${y}" r="${1 + (i % 3)}" fill="#fff" opacity=".55"/>`;
      }).join('') + '<path d="M120 40 L260 580" stroke="#fff" stroke-width="1.5" opacity=".35"/>';
  const filter = after ? '' : ' filter="url(#dull)"';
  const label = after ? 'After' : 'Before';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600" role="img" aria-label="${label}: ${subject} photo">
<defs><filter id="dull"><feColorMatrix type="matrix" values="0.55 0.3 0.15 0 0.05  0.3 0.5 0.2 0 0.04  0.2 0.3 0.35 0 0.02  0 0 0 1 0"/></filter></defs>
${background}
<g${filter}>${subjectShapes(subject, colors)}</g>
${dust}
</svg>
`;
}

/** A wide hero slide for the home page carousel. */
export function heroSlide(index: number, title: string): string {
  const colors = palettes[index % palettes.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 700" width="1600" height="700" role="img" aria-label="${title}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[1]}"/><stop offset="1" stop-color="${colors[0]}"/></linearGradient></defs>
<rect width="1600" height="700" fill="url(#g)"/>
<circle cx="${1150 + index * 20}" cy="330" r="220" fill="#fff" opacity=".12"/>
<circle cx="${1250 - index * 15}" cy="380" r="140" fill="${colors[2]}" opacity=".55"/>
<rect x="980" y="180" width="300" height="360" rx="24" fill="#fff" opacity=".2"/>
</svg>
`;
}

/**
 * A service gallery image: the demo scene in its retouched state, cropped to one of a few heights
 * so the masonry grid has uneven columns, and numbered so paging is visible.
 */
export function carouselImage(subject: Subject, index: number): string {
  const heights = [600, 820, 520, 900, 700];
  const height = heights[index % heights.length]!;
  return demoImage(subject, 'after', index)
    .replace(
      'viewBox="0 0 800 600" width="800" height="600"',
      `viewBox="0 0 800 600" width="800" height="${height}" preserveAspectRatio="xMidYMid slice"`,
    )
    .replace(
      '</svg>',
      `<text x="770" y="60" font-family="sans-serif" font-size="40" text-anchor="end" fill="#333">#${index + 1}</text>\n</svg>`,
    );
}

/**
 * A municipality's colours: which design token each configurable colour sets, and the
 * contrast each must keep (WCAG 2.2 AA: 4.5:1 for text) against what it is drawn on.
 * The server checks them when it reads the municipality file and refuses a pair below AA;
 * the app's schema takes exactly these keys.
 */
export const BRAND_COLOR_TOKENS = {
  /** Buttons, links, focusable controls. */
  primary: '--ml-color-primary',
  /** Buttons under the pointer. */
  primaryHover: '--ml-color-primary-hover',
  /** Text on primary (button labels). */
  primaryContrast: '--ml-color-primary-contrast',
  /** Body text. */
  text: '--ml-color-text',
  /** The municipality's name in the header. */
  accent: '--ml-color-accent',
} as const;

export type BrandColor = keyof typeof BRAND_COLOR_TOKENS;

/** The theme's own colours (renderer/src/theme/theme.css), for a pair the file leaves half set. */
export const DEFAULT_BRAND_COLORS: Record<BrandColor, string> = {
  primary: '#00527f',
  primaryHover: '#003b5c',
  primaryContrast: '#ffffff',
  text: '#1a1a1a',
  accent: '#c00000',
};

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of a #rrggbb colour (WCAG 2.2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = '#ffffff';
/** Foreground, background, what the pair is on screen. */
const PAIRS: [BrandColor | 'white', BrandColor | 'white', string][] = [
  ['primaryContrast', 'primary', 'knoptekst op de hoofdkleur'],
  ['primaryContrast', 'primaryHover', 'knoptekst op de hoofdkleur onder de muis'],
  ['primary', 'white', 'links en randen op wit'],
  ['text', 'white', 'tekst op wit'],
  ['accent', 'white', 'gemeentenaam in de kop op wit'],
];

/**
 * What is wrong with these colours, in Dutch, one line each with its JSON path: not a
 * #rrggbb colour, or a pair below 4.5:1. Empty when they are fit.
 */
export function brandingColorProblems(colors: Partial<Record<string, unknown>>, at = '/branding/colors'): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(colors)) {
    if (!(key in BRAND_COLOR_TOKENS)) problems.push(`${at}/${key}: onbekende kleur; bekend zijn ${Object.keys(BRAND_COLOR_TOKENS).join(', ')}.`);
    else if (typeof value !== 'string' || !HEX_COLOR.test(value)) problems.push(`${at}/${key}: verwacht een kleur als #rrggbb, niet ${JSON.stringify(value)}.`);
  }
  if (problems.length > 0) return problems;
  const color = (name: BrandColor | 'white') => (name === 'white' ? WHITE : ((colors[name] as string | undefined) ?? DEFAULT_BRAND_COLORS[name]));
  for (const [fg, bg, what] of PAIRS) {
    if (!(fg in colors) && !(bg in colors)) continue; // the theme's own pair
    const ratio = contrastRatio(color(fg), color(bg));
    if (ratio < 4.5) {
      const pair = [fg, bg].filter((n) => n !== 'white').map((n) => `${at}/${n}`).join(' en ');
      problems.push(`${pair}: ${what} heeft een contrast van ${ratio.toFixed(2)}:1 (${color(fg)} op ${color(bg)}); toegankelijk (WCAG AA) is minstens 4,5:1.`);
    }
  }
  return problems;
}

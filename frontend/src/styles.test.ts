import { describe, expect, it } from 'vitest';
import css from './styles.css?raw';
import { colorTokens, contrastRatio } from './testing/contrast';

const TEXT = 4.5;
const NON_TEXT = 3;

/**
 * Which token is drawn on which, as the rules in styles.css put them together, and the WCAG 2.2 AA
 * minimum that applies: text (1.4.3) or the edge of a control and the focus ring (1.4.11).
 */
const pairs: Array<{ use: string; fg: string; on: string[]; min: number }> = [
  {
    use: 'body text, headings, hovered ghost buttons',
    fg: 'text',
    on: ['bg', 'surface', 'surface-muted'],
    min: TEXT,
  },
  {
    use: 'hints, meta, ghost buttons, placeholders, sidebar heading',
    fg: 'text-muted',
    on: ['bg', 'surface', 'surface-muted'],
    min: TEXT,
  },
  {
    use: 'links, brand, the active sidebar link, tags, avatar initials',
    fg: 'primary',
    on: ['bg', 'surface', 'surface-muted', 'primary-soft'],
    min: TEXT,
  },
  { use: 'text on primary buttons', fg: 'on-primary', on: ['primary', 'primary-hover'], min: TEXT },
  {
    use: 'field errors, error banners and cards, a liked post',
    fg: 'danger',
    on: ['surface', 'bg', 'danger-soft'],
    min: TEXT,
  },
  { use: 'success banner', fg: 'success', on: ['surface', 'bg', 'success-soft'], min: TEXT },
  { use: 'warning text', fg: 'warning', on: ['surface', 'bg'], min: TEXT },
  {
    use: 'edges of inputs, outline buttons, the search box, a switch that is off',
    fg: 'border-strong',
    on: ['bg', 'surface', 'surface-muted'],
    min: NON_TEXT,
  },
  { use: 'switch knob on its track', fg: 'surface', on: ['border-strong', 'primary'], min: NON_TEXT },
  {
    use: 'focus ring, drawn 2px outside the control on whatever holds it',
    fg: 'focus',
    on: ['bg', 'surface', 'surface-muted', 'primary-soft'],
    min: NON_TEXT,
  },
];

const themes = {
  light: colorTokens(css, ':root'),
  dark: new Map([...colorTokens(css, ':root'), ...colorTokens(css, ':root[data-theme="dark"]')]),
};

describe('the design tokens in styles.css', () => {
  it('give the dark theme its own value for every colour', () => {
    const dark = colorTokens(css, ':root[data-theme="dark"]');
    expect([...dark.keys()].sort()).toEqual([...themes.light.keys()].sort());
  });

  it('are the only colours: the rules outside the two token blocks name none of their own', () => {
    const rules = css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/:root \{[^}]*\}/, '')
      .replace(/:root\[data-theme="dark"\] \{[^}]*\}/, '');
    expect(rules.match(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|oklch|color-mix)\(/gi) ?? []).toEqual([]);
  });

  for (const [theme, tokens] of Object.entries(themes)) {
    describe(`${theme} theme`, () => {
      for (const { use, fg, on, min } of pairs) {
        for (const bg of on) {
          it(`${fg} on ${bg} reaches ${min}:1 (${use})`, () => {
            const [fore, back] = [tokens.get(fg), tokens.get(bg)];
            expect(fore, `--color-${fg}`).toBeDefined();
            expect(back, `--color-${bg}`).toBeDefined();
            expect(contrastRatio(fore ?? '', back ?? '')).toBeGreaterThanOrEqual(min);
          });
        }
      }
    });
  }
});

describe('contrastRatio', () => {
  it('is 21 for black on white, 1 for a colour on itself, and the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2563eb', '#2563eb')).toBe(1);
    // The measurement: white on the old dark-theme primary.
    expect(contrastRatio('#ffffff', '#6b8cff')).toBeCloseTo(3.08, 2);
    expect(contrastRatio('#6b8cff', '#ffffff')).toBe(contrastRatio('#ffffff', '#6b8cff'));
  });
});

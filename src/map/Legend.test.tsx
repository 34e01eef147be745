import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '@meldloket/engine';
import { Legend } from './Legend.tsx';
import { objectConfig } from './featureTypes.ts';
import { iconSvg } from './icons.ts';

const wfs = { containers: '/c', streetlights: '/s', clocks: '/k', trees: '/t', streetTrees: '/b' };
const question: Question = { key: 'lamp', field_type: 'streetlight_select', meta: { label: 'Welke lamp?' } };

describe("the map's legend", () => {
  it('shows a different icon for every kind of streetlight, and a chosen object differently again', () => {
    const { featureTypes } = objectConfig('streetlight', question, wfs);
    render(<Legend featureTypes={featureTypes} withStatus={['reported']} onClose={() => {}} />);
    const items = within(screen.getByRole('region', { name: 'Legenda' })).getAllByRole('listitem');
    const icons = items.map((item) => item.querySelector('img')!.getAttribute('src'));
    // Grachtmast, Overspanning, Gevelarmatuur, Schijnwerper, Overig lichtpunt, Klok, chosen, reported, pin
    expect(items.map((item) => item.textContent)).toEqual(['Grachtmast', 'Overspanning', 'Gevelarmatuur', 'Schijnwerper', 'Overig lichtpunt', 'Klok', expect.any(String), expect.any(String), expect.any(String)]);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('draws a chosen object on a solid disc, not only with a badge', () => {
    const plain = iconSvg('streetlight-grachtmast');
    const chosen = iconSvg('streetlight-grachtmast', 'selected');
    const reported = iconSvg('streetlight-grachtmast', 'reported');
    // a reported object keeps its figure and adds a badge; a chosen one is redrawn smaller on a dark-blue disc
    expect(reported.startsWith(plain.slice(0, -'</svg>'.length))).toBe(true);
    expect(chosen).toContain('fill="#00527f"');
    expect(chosen).toContain('scale(0.72)');
    expect(chosen.startsWith(plain.slice(0, -'</svg>'.length))).toBe(false);
  });
});

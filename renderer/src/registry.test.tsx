import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '@meldloket/engine';
import { fieldTypeOfCode } from '@meldloket/engine';
import { registerWidget, registerWidgets, widgetFor, widgetRegistry } from './registry.ts';
import type { WidgetProps } from './types.ts';

const original = widgetRegistry();
afterEach(() => registerWidgets(original));

describe('widget registry', () => {
  it('has a widget for each of the twenty field types', () => {
    expect(Object.keys(widgetRegistry()).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it("resolves Signalen's aliases", () => {
    expect(fieldTypeOfCode('question_header')).toBe('header');
    expect(fieldTypeOfCode('text_area_input')).toBe('textarea_input');
    expect(widgetFor('text_area_input')).toBe(widgetFor('textarea_input'));
  });

  it('draws an unknown field type as a visible notice, never a blank', () => {
    const Widget = widgetFor('bogus_input');
    render(<Widget id="raar" question={{ key: 'raar', field_type: 'bogus_input' as 'text_input', meta: { label: 'Rare vraag' } }} value={undefined} onChange={() => {}} />);
    expect(screen.getByText('Rare vraag')).toBeInTheDocument();
    expect(screen.getByText('Deze vraag heeft een onbekend veldtype (bogus_input) en kan niet worden getoond.')).toBeInTheDocument();
  });

  it('lets the map code register its widgets and a caller override one', () => {
    const Map = (_: WidgetProps<unknown>) => null;
    const Other = (_: WidgetProps<unknown>) => null;
    registerWidget('location_select', Map);
    expect(widgetFor('location_select')).toBe(Map);
    expect(widgetFor('location_select', { location_select: Other })).toBe(Other);
  });

  it('refuses to register an unknown field type', () => {
    expect(() => registerWidget('bogus' as 'header', () => null)).toThrow('Unknown field type: bogus');
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, fieldTypeOfCode } from '@meldloket/engine';
import { DEFAULT_WIDGETS, preloadWidgets, useWidgetRegistry, WidgetRegistryProvider, widgetFor, withWidgets } from './registry.ts';
import type { WidgetProps } from './types.ts';

describe('widget registry', () => {
  it('has a widget for each of the twenty field types', () => {
    expect(Object.keys(DEFAULT_WIDGETS).sort()).toEqual([...FIELD_TYPES].sort());
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

  it('is data passed down by context: a provider replaces widgets for what is below it only, nothing global changes', () => {
    const Map = (_: WidgetProps<unknown>) => null;
    const Other = (_: WidgetProps<unknown>) => null;
    const seen: unknown[] = [];
    const Probe = () => {
      seen.push(useWidgetRegistry().location_select);
      return null;
    };
    render(
      <>
        <WidgetRegistryProvider widgets={{ location_select: Map }}>
          <Probe />
          <WidgetRegistryProvider widgets={{ header: Other }}>
            <Probe />
          </WidgetRegistryProvider>
        </WidgetRegistryProvider>
        <Probe />
      </>,
    );
    expect(seen).toEqual([Map, Map, DEFAULT_WIDGETS.location_select]);
    expect(Object.isFrozen(DEFAULT_WIDGETS)).toBe(true);
    expect(widgetFor('location_select', withWidgets(DEFAULT_WIDGETS, { location_select: Other }))).toBe(Other);
    expect(widgetFor('location_select')).toBe(DEFAULT_WIDGETS.location_select);
  });

  it('refuses a widget for an unknown field type', () => {
    expect(() => withWidgets(DEFAULT_WIDGETS, { bogus: () => null } as never)).toThrow('Unknown field type: bogus');
  });

  it('loads the heavier widgets on first use, and at once after preloadWidgets', async () => {
    const Widget = widgetFor('multi_text_input');
    const question = { key: 'kenteken', field_type: 'multi_text_input' as const, meta: { label: 'Kentekens' } };
    const first = render(<Widget id="kenteken" question={question} value={undefined} onChange={() => {}} />);
    expect(await screen.findByText('Kentekens')).toBeInTheDocument();
    first.unmount();
    await preloadWidgets(['multi_text_input', 'date_time_input', 'bogus_input']);
    const Later = widgetFor('date_time_input');
    render(<Later id="wanneer" question={{ key: 'wanneer', field_type: 'date_time_input', meta: { label: 'Wanneer was het?' } }} value={undefined} onChange={() => {}} />);
    // drawn in the same render: no empty moment for a preloaded widget
    expect(screen.getByText('Wanneer was het?')).toBeInTheDocument();
  });
});

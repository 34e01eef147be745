import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetAnswer, Question } from '@meldloket/engine';
import { ExampleSelector, EXAMPLE_LOCATION } from './ExampleSelector.tsx';
import { LocationSelect } from './LocationSelect.tsx';
import { MapServicesProvider, type MapFieldServices } from './mapServices.tsx';

const question: Question = { key: 'locatie', field_type: 'location_select', required: true, meta: { label: 'Waar is het?', subtitle: 'Kies een plek op de kaart' } };

function Harness({ services, initial, onChange = () => {} }: { services?: MapFieldServices | null; initial?: AssetAnswer; onChange?: (v: AssetAnswer | undefined) => void }) {
  const [value, setValue] = useState<AssetAnswer | undefined>(initial);
  const widget = (
    <LocationSelect
      id="locatie"
      question={question}
      value={value}
      error={undefined}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
  return services === null ? widget : <MapServicesProvider value={services ?? { Selector: ExampleSelector }}>{widget}</MapServicesProvider>;
}

describe('LocationSelect', () => {
  it('is a group named by the question with its hint, and offers Kies locatie', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Waar is het?' });
    expect(group).toHaveAccessibleDescription('Kies een plek op de kaart');
    expect(screen.getByRole('button', { name: 'Kies locatie' })).toBeEnabled();
  });

  it('describes the group and the button by the error', () => {
    render(
      <MapServicesProvider value={{ Selector: ExampleSelector }}>
        <LocationSelect id="locatie" question={question} value={undefined} error="Kies een locatie of een object op de kaart of vul een adres in" onChange={() => {}} />
      </MapServicesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Waar is het?' })).toHaveAccessibleDescription(
      'Kies een plek op de kaart Invoerfout: Kies een locatie of een object op de kaart of vul een adres in',
    );
    expect(screen.getByRole('button', { name: 'Kies locatie' })).toHaveAccessibleDescription(/Kies een locatie of een object op de kaart/);
  });

  it('opens the selector, stores the chosen location and shows its summary', async () => {
    const onChange = vi.fn();
    const onMapActiveChange = vi.fn();
    render(<Harness services={{ Selector: ExampleSelector, onMapActiveChange }} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(onMapActiveChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Kies de Dam' }));
    expect(onChange).toHaveBeenCalledWith({ location: EXAMPLE_LOCATION });
    expect(onMapActiveChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Centrum')).toBeVisible();
    expect(screen.getByText('Dam 1')).toBeVisible();
    expect(screen.getByText('1012 JS Amsterdam')).toBeVisible();
    const change = screen.getByRole('button', { name: 'Wijzigen' });
    await waitFor(() => expect(change).toHaveFocus());
  });

  it('tells the app the map is no longer active when the field goes away with the map open', async () => {
    const onMapActiveChange = vi.fn();
    const { unmount } = render(<Harness services={{ Selector: ExampleSelector, onMapActiveChange }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kies locatie' }));
    expect(onMapActiveChange).toHaveBeenLastCalledWith(true);
    unmount();
    expect(onMapActiveChange).toHaveBeenLastCalledWith(false);
  });

  it('keeps the answer when the resident goes back', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial={{ location: EXAMPLE_LOCATION }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Wijzigen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Terug' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Dam 1')).toBeVisible();
  });

  it('says the location is pinned when it has no address', () => {
    render(<Harness initial={{ location: { coordinates: { lat: 52.37, lng: 4.9 } } }} />);
    expect(screen.getByText('Locatie is gepind op de kaart')).toBeVisible();
  });

  it('shows the intro map the app provides', async () => {
    const IntroMap = ({ location }: { location?: AssetAnswer['location'] }) => <div data-testid="intro">{location ? 'met locatie' : 'zonder locatie'}</div>;
    render(<Harness services={{ Selector: ExampleSelector, IntroMap }} initial={{ location: EXAMPLE_LOCATION }} />);
    expect(await screen.findByTestId('intro')).toHaveTextContent('met locatie');
  });

  it('says the map is not available when the app provides none', () => {
    render(<Harness services={null} />);
    expect(screen.getByText('De kaart voor deze vraag is nog niet beschikbaar.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Kies locatie' })).not.toBeInTheDocument();
  });
});

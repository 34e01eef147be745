import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LatLngBounds } from '@meldloket/engine';
import { MyLocationButton } from './MyLocationButton.tsx';

const bounds: LatLngBounds = [
  [52.25168, 4.64034],
  [52.50536, 5.10737],
];

function fakeGeolocation(result: { lat: number; lng: number } | { code: number }): Geolocation {
  return {
    getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if ('lat' in result) success({ coords: { latitude: result.lat, longitude: result.lng } } as GeolocationPosition);
      else failure?.({ code: result.code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
    },
    watchPosition: () => 0,
    clearWatch: () => {},
  };
}

describe('MyLocationButton', () => {
  it('uses a position inside the map', async () => {
    const onLocate = vi.fn();
    render(<MyLocationButton bounds={bounds} onLocate={onLocate} geolocation={fakeGeolocation({ lat: 52.37, lng: 4.9 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mijn locatie' }));
    expect(onLocate).toHaveBeenCalledWith({ lat: 52.37, lng: 4.9 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a position outside the map', async () => {
    const onLocate = vi.fn();
    render(<MyLocationButton bounds={bounds} onLocate={onLocate} geolocation={fakeGeolocation({ lat: 51.92, lng: 4.48 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mijn locatie' }));
    expect(onLocate).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Uw locatie valt buiten de kaart en is daardoor niet te zien');
  });

  it('explains how to allow location when permission is refused', async () => {
    render(<MyLocationButton bounds={bounds} onLocate={() => {}} geolocation={fakeGeolocation({ code: 1 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mijn locatie' }));
    expect(screen.getByRole('alert')).toHaveTextContent('geen toestemming om uw locatie te gebruiken');
    expect(screen.getByRole('alert')).toHaveTextContent('instellingen van uw browser');
  });
});

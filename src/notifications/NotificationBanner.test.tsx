import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBanner, NotificationProvider, useNotifications, type Notification } from './index.ts';

function Trigger({ notification }: { notification: Notification }) {
  const { show } = useNotifications();
  return (
    <button type="button" onClick={() => show(notification)}>
      toon
    </button>
  );
}

function setup(notification: Notification) {
  render(
    <NotificationProvider>
      <NotificationBanner />
      <Trigger notification={notification} />
    </NotificationProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'toon' }));
}

describe('global notification banner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('slides a success message up after 3000 ms and closes it 200 ms later', () => {
    setup({ title: 'Opgeslagen', variant: 'success' });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Opgeslagen');
    act(() => vi.advanceTimersByTime(2999));
    expect(banner).not.toHaveClass('ml-notification--slide-up');
    act(() => vi.advanceTimersByTime(1));
    expect(banner).toHaveClass('ml-notification--slide-up');
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the message while the pointer rests on it', () => {
    setup({ title: 'Let op', message: 'Iets om te weten' });
    const banner = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.mouseEnter(banner);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Iets om te weten');
    fireEvent.mouseLeave(banner);
    act(() => vi.advanceTimersByTime(3200));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a message that was sliding away again when the pointer comes onto it', () => {
    setup({ title: 'Verstuurd', variant: 'success' });
    const banner = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(3000));
    expect(banner).toHaveClass('ml-notification--slide-up');
    fireEvent.mouseEnter(banner);
    expect(banner).not.toHaveClass('ml-notification--slide-up');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toHaveTextContent('Verstuurd');
  });

  it('keeps an error until it is closed with the close button', () => {
    setup({ title: 'Mislukt', variant: 'error' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Mislukt');
    fireEvent.click(screen.getByRole('button', { name: 'Melding sluiten' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('local notifications', () => {
  it('close on a change of route; global ones stay', async () => {
    const { createMemoryRouter, RouterProvider, useMatches } = await import('react-router');
    const { useCloseLocalOnRouteChange } = await import('./index.ts');
    function Frame({ notification }: { notification: Notification }) {
      const matches = useMatches();
      useCloseLocalOnRouteChange(matches[matches.length - 1]!.id);
      return (
        <>
          <NotificationBanner type={notification.type} />
          <Trigger notification={notification} />
        </>
      );
    }
    for (const [type, stays] of [['local', false], ['global', true]] as const) {
      const notification: Notification = { title: `Melding ${type}`, variant: 'error', type };
      const frame = <Frame notification={notification} />;
      const router = createMemoryRouter(
        [
          { path: '/a', element: frame },
          { path: '/b', element: frame },
        ],
        { initialEntries: ['/a'] },
      );
      const view = render(
        <NotificationProvider>
          <RouterProvider router={router} />
        </NotificationProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'toon' }));
      expect(screen.getByRole('alert')).toHaveTextContent(`Melding ${type}`);
      await act(() => router.navigate('/b'));
      if (stays) expect(screen.getByRole('alert')).toHaveTextContent(`Melding ${type}`);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

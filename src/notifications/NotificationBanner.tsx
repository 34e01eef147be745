import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { useNotifications } from './NotificationContext.tsx';
import './notifications.css';

/** Non-error banners slide up after this long (spec: 3000 ms)… */
export const SLIDE_UP_AFTER_MS = 3000;
/** …and close this long after sliding up (200 ms). */
export const CLOSE_AFTER_SLIDE_MS = 200;

/**
 * The global notification banner: error, success or default (notice). Errors stay
 * until closed; other variants slide up after 3 s and close 200 ms later; while the
 * pointer rests on the banner it stays. The layout draws the global ones under the
 * header; a screen that shows local notifications (the wizard's error page) draws
 * its own banner with `type="local"` inside its content.
 */
export function NotificationBanner({ type = 'global' }: { type?: 'global' | 'local' }) {
  const { current, close } = useNotifications();
  const [slidingUp, setSlidingUp] = useState(false);
  const [hovered, setHovered] = useState(false);
  const timers = useRef<number[]>([]);

  // a new message, or the pointer coming back onto one that was sliding away, shows it in full again
  useEffect(() => setSlidingUp(false), [current?.id, hovered]);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      timers.current = [];
    };
    clear();
    if (!current || current.variant === 'error' || hovered) return clear;
    timers.current.push(
      window.setTimeout(() => {
        setSlidingUp(true);
        timers.current.push(window.setTimeout(close, CLOSE_AFTER_SLIDE_MS));
      }, SLIDE_UP_AFTER_MS),
    );
    return clear;
  }, [current, hovered, close]);

  if (!current || (current.type ?? 'global') !== type) return null;
  const isError = current.variant === 'error';
  return (
    <div
      className={clsx('ml-notification', `ml-notification--${current.variant}`, slidingUp && 'ml-notification--slide-up')}
      role={isError ? 'alert' : 'status'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="notification"
    >
      <div className="ml-notification__body">
        <p className="ml-notification__title">{current.title}</p>
        {current.message && <p className="ml-notification__message">{current.message}</p>}
      </div>
      <button type="button" className="ml-notification__close" aria-label="Melding sluiten" onClick={close}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The shortcut keys of the page, listed, with the switch to turn them off; and the hook that listens for them. */
import { CheckboxField } from '../../forms/index.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { SHORTCUTS, SHORTCUTS_OFF_KEY, shortcutFor, type ShortcutAction } from './shortcuts.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.shortcuts;

const readOff = () => {
  try {
    return window.localStorage.getItem(SHORTCUTS_OFF_KEY) === '1';
  } catch {
    return false;
  }
};

export function useShortcuts(run: (action: ShortcutAction) => void) {
  const [off, setOff] = useState(readOff);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (off) return;
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [off]);
  const toggle = (value: boolean) => {
    setOff(value);
    try {
      window.localStorage.setItem(SHORTCUTS_OFF_KEY, value ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
  };
  return { off, toggle };
}

export function ShortcutList({ off, onToggle, offered = {} }: { off: boolean; onToggle: (off: boolean) => void; offered?: Partial<Record<ShortcutAction, boolean>> }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} className="ml-incident__shortcuts">
      <h2 id={`${id}-h`} className="utrecht-heading-3">
        {T.heading}
      </h2>
      <p className="utrecht-paragraph">{T.intro}</p>
      <dl className="ml-incident__keys">
        {SHORTCUTS.filter((s) => offered[s.action] !== false).map((s) => (
          <div key={s.key}>
            <dt>
              <kbd>{s.key.toUpperCase()}</kbd>
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
      <CheckboxField id={`${id}-on`} label={T.on} checked={!off} onChange={(on) => onToggle(!on)} />
    </section>
  );
}

import { useConfig } from '../config/index.ts';

export interface NavigationProps {
  nextLabel: string;
  previousLabel?: string;
  onNext(): void;
  onPrevious?(): void;
  /** Hide the whole bar (while the full-screen map is open). */
  hidden?: boolean;
  busy?: boolean;
}

/** 'Volgende' / 'Vorige' (labelled per step); app mode shows only next. */
/**
 * 'Volgende' is never disabled, also not by a blocking answer: pressed, it refuses and the error
 * summary says why (a disabled button leaves the tab order, and with it the reason).
 */
export function Navigation({ nextLabel, previousLabel, onNext, onPrevious, hidden, busy }: NavigationProps) {
  const { features } = useConfig();
  if (hidden) return null;
  const showPrevious = Boolean(onPrevious && previousLabel) && !features.appMode;
  return (
    <div className="ml-wizard-nav">
      {showPrevious && (
        <button type="button" className="utrecht-button utrecht-button--secondary-action ml-wizard-nav__previous" onClick={onPrevious}>
          {previousLabel}
        </button>
      )}
      <button
        type="button"
        className="utrecht-button utrecht-button--primary-action ml-wizard-nav__next"
        onClick={onNext}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {nextLabel}
      </button>
    </div>
  );
}

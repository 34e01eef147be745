import { useConfig } from '../config/index.ts';

export interface NavigationProps {
  nextLabel: string;
  previousLabel?: string;
  onNext(): void;
  onPrevious?(): void;
  /** Hide the whole bar (while the full-screen map is open). */
  hidden?: boolean;
  busy?: boolean;
  /** An answer blocks the form: 'Volgende' does not look like a way on (it still says why when pressed). */
  blocked?: boolean;
}

/** 'Volgende' / 'Vorige' (labelled per step); app mode shows only next. */
export function Navigation({ nextLabel, previousLabel, onNext, onPrevious, hidden, busy, blocked = false }: NavigationProps) {
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
        className={blocked ? 'utrecht-button utrecht-button--secondary-action ml-wizard-nav__next ml-wizard-nav__next--blocked' : 'utrecht-button utrecht-button--primary-action ml-wizard-nav__next'}
        onClick={onNext}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-disabled={blocked || undefined}
      >
        {nextLabel}
      </button>
    </div>
  );
}

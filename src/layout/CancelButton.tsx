import type { ReactNode } from 'react';

/** The button that leaves a form or panel without acting ('Annuleren'): subtle, never a submit. */
export function CancelButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="utrecht-button utrecht-button--subtle" onClick={onClick}>
      {children}
    </button>
  );
}

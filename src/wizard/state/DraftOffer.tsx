/**
 * The offer of a report begun earlier on this device (kept for a day after its last change):
 * 'Verder met uw melding van {tijd}?', the time in the municipality's zone, in Dutch.
 * A modal dialog: it is announced by its title, the focus starts on going on, and the page
 * under it does not move.
 */
import { formatInAmsterdam } from '@meldloket/engine';
import { ConfirmModal } from '../../modal/index.ts';
import { TEXTS } from '../texts.ts';

export interface DraftOfferProps {
  /** When the report was last changed (ms since the epoch). */
  savedAt: number;
  onResume(): void;
  onStartAnew(): void;
  /** Closed without a choice (Escape). */
  onDismiss(): void;
}

export function DraftOffer({ savedAt, onResume, onStartAnew, onDismiss }: DraftOfferProps) {
  return (
    <ConfirmModal
      open
      title={TEXTS.draftOfferTitle(formatInAmsterdam(savedAt, "d MMMM 'om' HH:mm"))}
      message={TEXTS.draftOfferMessage}
      confirmLabel={TEXTS.draftOfferResume}
      cancelLabel={TEXTS.draftOfferStartAnew}
      focusConfirm
      onConfirm={onResume}
      onCancel={onStartAnew}
      onDismiss={onDismiss}
    />
  );
}

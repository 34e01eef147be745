import { TEXTS } from '../texts.ts';

/**
 * 'Wat doen we met uw melding?' and the handling message, as the thank-you page shows
 * them. The category settings show the same component as the live preview.
 */
export function WhatNext({ message }: { message: string | null | undefined }) {
  return (
    <>
      <h2 className="utrecht-heading-2">{TEXTS.whatNext}</h2>
      <p className="utrecht-paragraph" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </p>
    </>
  );
}

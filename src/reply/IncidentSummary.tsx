/** 'Uw melding': number, reported date, the explanation sections with their photos, and the location on a map. */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatReportedOn } from '@meldloket/engine';
import type { ExplanationFile, PublicSignal, ReplySession } from './types.ts';
import { REPLY_TEXTS } from './texts.ts';
import { Lightbox } from './Lightbox.tsx';

const LocationMap = lazy(() => import('./LocationMap.tsx'));

export function IncidentSummary({ session, signal }: { session: ReplySession; signal: PublicSignal | null }) {
  const [open, setOpen] = useState<{ files: ExplanationFile[]; index: number } | null>(null);
  // the thumbnail that opened the lightbox gets focus back when it closes
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (open === null) opener.current?.focus();
  }, [open]);
  const location = session.signal_snapshot?.location;
  const [lng, lat] = location?.geometrie.coordinates ?? [];
  return (
    <section aria-labelledby="reply-incident" className="ml-reply-incident">
      <h2 id="reply-incident" className="utrecht-heading-2">
        {REPLY_TEXTS.yourReport}
      </h2>
      {signal && (
        <dl className="ml-reply-facts">
          <div>
            <dt>{REPLY_TEXTS.number}</dt>
            <dd>{signal._display}</dd>
          </div>
          <div>
            <dt>{REPLY_TEXTS.reportedOn}</dt>
            <dd>{formatReportedOn(signal.created_at)}</dd>
          </div>
        </dl>
      )}
      {session.questionnaire_explanation?.sections.map((section, s) => (
        <section key={s} className="ml-reply-section" aria-label={section.header || undefined}>
          {section.header && <h3 className="utrecht-heading-3">{section.header}</h3>}
          {section.text && <p className="utrecht-paragraph ml-reply-text">{section.text}</p>}
          {section.files.length > 0 && (
            <ul className="ml-reply-thumbs">
              {section.files.map((file, index) => (
                <li key={file.file}>
                  <button type="button" className="ml-reply-thumb" onClick={(event) => {
                      opener.current = event.currentTarget;
                      setOpen({ files: section.files, index });
                    }}
                  >
                    <img src={file.file} alt={REPLY_TEXTS.lightbox.open(file.description)} width={96} height={96} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {location && lat !== undefined && lng !== undefined && (
        <section aria-labelledby="reply-location" className="ml-reply-section">
          <h3 id="reply-location" className="utrecht-heading-3">
            {REPLY_TEXTS.location}
          </h3>
          {location.address_text && <p className="utrecht-paragraph">{location.address_text}</p>}
          <div className="ml-reply-map-frame">
            <Suspense fallback={null}>
              <LocationMap lat={lat} lng={lng} />
            </Suspense>
          </div>
        </section>
      )}
      {open && <Lightbox files={open.files} index={open.index} onIndex={(index) => setOpen({ ...open, index })} onClose={() => setOpen(null)} />}
    </section>
  );
}

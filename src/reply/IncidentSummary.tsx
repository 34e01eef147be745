/** 'Uw melding': number, reported date, the explanation sections with their photos, and the location on a map. */
import { formatReportedOn } from '@meldloket/engine';
import type { PublicSignal, ReplySession } from './types.ts';
import { REPLY_TEXTS } from './texts.ts';
import { PhotoThumbs, ReportFacts, ReportLocation, useLightbox } from './ReportFacts.tsx';

export function IncidentSummary({ session, signal }: { session: ReplySession; signal: PublicSignal | null }) {
  const { show, lightbox } = useLightbox();
  const location = session.signal_snapshot?.location;
  const [lng, lat] = location?.geometrie.coordinates ?? [];
  return (
    <section aria-labelledby="reply-incident" className="ml-reply-incident">
      <h2 id="reply-incident" className="utrecht-heading-2">
        {REPLY_TEXTS.yourReport}
      </h2>
      {signal && <ReportFacts number={signal._display} reportedOn={formatReportedOn(signal.created_at)} />}
      {session.questionnaire_explanation?.sections.map((section, s) => (
        <section key={s} className="ml-reply-section" aria-label={section.header || undefined}>
          {section.header && <h3 className="utrecht-heading-3">{section.header}</h3>}
          {section.text && <p className="utrecht-paragraph ml-reply-text">{section.text}</p>}
          {section.files.length > 0 && (
            <PhotoThumbs files={section.files} alt={(file) => REPLY_TEXTS.lightbox.open(file.description)} onOpen={(index, button) => show(section.files, index, button)} />
          )}
        </section>
      ))}
      {location && lat !== undefined && lng !== undefined && (
        <section aria-labelledby="reply-location" className="ml-reply-section">
          <ReportLocation headingId="reply-location" address={location.address_text} lat={lat} lng={lng} />
        </section>
      )}
      {lightbox}
    </section>
  );
}

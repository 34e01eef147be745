/**
 * What a person outside the back office is shown of a report, one markup for both pages that
 * show it: the reporter's reply page (/incident/reactie/{uuid}, `IncidentSummary`) and the
 * external party's page (/incident/extern/{token}, `ExternalPage`). The facts list (number,
 * reported date, category), photo thumbnails that open the lightbox, and the location with its
 * map. Each page keeps its own headings, sections and date format.
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Lightbox } from './Lightbox.tsx';
import { REPORT_FACT_TEXTS as T } from './texts.ts';
import type { ExplanationFile } from './types.ts';

const LocationMap = lazy(() => import('./LocationMap.tsx'));

export interface ReportFactsProps {
  /** The report number as shown ('SIG-123'). */
  number: string;
  /** The reported date, formatted as the page shows it. */
  reportedOn: string;
  category?: { main: string; sub: string };
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** 'Nummer:', 'Gemeld op:' and, when given, 'Categorie:' as 'Sub (Hoofd)'. */
export function ReportFacts({ number, reportedOn, category }: ReportFactsProps) {
  return (
    <dl className="ml-reply-facts">
      <Fact term={T.number}>{number}</Fact>
      <Fact term={T.reportedOn}>{reportedOn}</Fact>
      {category && (
        <Fact term={T.category}>
          {category.sub} ({category.main})
        </Fact>
      )}
    </dl>
  );
}

/**
 * The lightbox of a page's photos: `show` opens it on a photo, and when it closes the
 * thumbnail that opened it has focus again.
 */
export function useLightbox() {
  const [open, setOpen] = useState<{ files: ExplanationFile[]; index: number } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    if (open === null) opener.current?.focus();
  }, [open]);
  const show = (files: ExplanationFile[], index: number, button: HTMLButtonElement) => {
    opener.current = button;
    setOpen({ files, index });
  };
  const lightbox = open && <Lightbox files={open.files} index={open.index} onIndex={(index) => setOpen({ ...open, index })} onClose={() => setOpen(null)} />;
  return { show, lightbox };
}

/** A row of 96 px thumbnails, each a button that enlarges its photo. */
export function PhotoThumbs({ files, alt, onOpen }: { files: ExplanationFile[]; alt: (file: ExplanationFile, index: number) => string; onOpen: (index: number, button: HTMLButtonElement) => void }) {
  return (
    <ul className="ml-reply-thumbs">
      {files.map((file, index) => (
        <li key={file.file}>
          <button type="button" className="ml-reply-thumb" onClick={(event) => onOpen(index, event.currentTarget)}>
            <img src={file.file} alt={alt(file, index)} width={96} height={96} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** 'Locatie', the address when known, and the point on a map (loaded on demand). */
export function ReportLocation({ headingId, address, lat, lng }: { headingId?: string; address?: string | null; lat: number; lng: number }) {
  return (
    <>
      <h3 id={headingId} className="utrecht-heading-3">
        {T.location}
      </h3>
      {address && <p className="utrecht-paragraph">{address}</p>}
      <div className="ml-reply-map-frame">
        <Suspense fallback={null}>
          <LocationMap lat={lat} lng={lng} />
        </Suspense>
      </div>
    </>
  );
}

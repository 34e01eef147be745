import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { locationSummaryLines, PINNED_ON_MAP, reportLocation, traitsOf, type EditableStep, type Evaluation, type EvaluatedQuestion, type ImageDraft } from '@meldloket/engine';
import { useStepEvaluation, useWizardRuntime, useWizardSelector, type WizardView } from '../state/index.ts';
import { TEXTS } from '../texts.ts';
import { answerLines, summaryRows, type SummaryRow } from './formatAnswer.ts';
import { MAP_FIELD_TYPES, loadIntroMap } from '../mapSlot.ts';

const IntroMap = lazy(loadIntroMap);

/** A row of the two-column list; `content` replaces the text lines (the location, photos). */
type Row = SummaryRow & { content?: ReactNode };

function Section({ index, step, onEdit, children }: { index: 0 | 1 | 2; step: EditableStep; onEdit(step: EditableStep): void; children: ReactNode }) {
  const title = TEXTS.summarySections[index];
  const headingId = `summary-section-${index + 1}`;
  return (
    <section className="ml-summary-section" aria-labelledby={headingId}>
      <div className="ml-summary-section__header">
        <h2 id={headingId} className="utrecht-heading-2">
          {title}
        </h2>
        <a
          className="utrecht-link"
          href={`/incident/${step}`}
          onClick={(event) => {
            event.preventDefault();
            onEdit(step);
          }}
        >
          {TEXTS.edit} <span className="ml-visually-hidden">{title}</span>
        </a>
      </div>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="ml-summary-list">
      {rows.map((row) => (
        <div key={row.key} className="ml-summary-list__row">
          <dt>{row.label}</dt>
          <dd>{row.content ?? (row.lines.length ? row.lines.join('\n') : TEXTS.notGiven)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The chosen photos as thumbnails, read from the photo store. */
function Photos({ images }: { images: ImageDraft[] }) {
  const { photos } = useWizardRuntime();
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    const created: string[] = [];
    Promise.all(images.map(async (image) => [image.id, await photos.get(image.id)] as const)).then((entries) => {
      if (!live || typeof URL.createObjectURL !== 'function') return;
      const next: Record<string, string> = {};
      for (const [id, blob] of entries) {
        if (!blob) continue;
        next[id] = URL.createObjectURL(blob);
        created.push(next[id]);
      }
      setUrls(next);
    });
    return () => {
      live = false;
      created.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [images, photos]);
  return (
    <ul className="ml-summary-photos">
      {images.map((image) => (
        <li key={image.id}>
          <figure className="ml-summary-photo">
            {urls[image.id] ? <img className="ml-photo__thumb" src={urls[image.id]} alt="" /> : <span className="ml-photo__thumb" aria-hidden="true" />}
            <figcaption className="ml-photo__name">{image.name}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** Photo questions (answer shape 'files' in the field-type table) show thumbnails instead of file names. */
function withPhotos(rows: SummaryRow[], visible: EvaluatedQuestion[], answers: Record<string, unknown>): Row[] {
  return rows.map((row) => {
    const question = visible.find((q) => q.key === row.key);
    const images = answers[row.key];
    if (!question || traitsOf(question.fieldType)?.answer !== 'files' || !Array.isArray(images) || images.length === 0) return row;
    return { ...row, content: <Photos images={images as ImageDraft[]} /> };
  });
}

/**
 * The summary 'Versturen': three numbered sections with edit links ('Wijzigen'), then
 * 'Verstuur'. Every row comes from a step's definition: its visible questions, their
 * short labels and their answers as the engine evaluated them; the location (map,
 * address, chosen objects) is the first row of step 2 and photos show as thumbnails.
 */
export function SummaryStep({
  wizard,
  onEdit,
  focusLocationEdit = false,
}: {
  wizard: WizardView;
  onEdit(step: EditableStep, openMap?: boolean): void;
  /** Back from the map opened by the location's 'Wijzigen': the focus goes back to that control. */
  focusLocationEdit?: boolean;
}) {
  const locationEdit = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focusLocationEdit) locationEdit.current?.focus();
  }, [focusLocationEdit]);
  const { draft } = wizard;
  const step1 = useStepEvaluation('beschrijf');
  const step2 = useStepEvaluation('vulaan');
  const step3 = useStepEvaluation('contact');
  const now = useWizardSelector((s) => s.context.now());
  // The subcategory's answer is its slug: the summary names it.
  const rowsOf = (evaluation: Evaluation | null): Row[] => {
    if (!evaluation) return [];
    const answers = { ...evaluation.effectiveAnswers, subcategory: draft.classification?.name ?? draft.subcategory };
    return withPhotos(summaryRows(evaluation.visible, answers, now), evaluation.visible, answers);
  };

  const answers = step2?.effectiveAnswers ?? {};
  const visible = step2?.visible ?? [];
  const mapQuestions = visible.filter((q) => MAP_FIELD_TYPES.has(q.fieldType));
  const otherRows = withPhotos(summaryRows(visible.filter((q) => !MAP_FIELD_TYPES.has(q.fieldType)), answers, now), visible, answers);
  const chosenObjects = mapQuestions.flatMap((q) => answerLines(q.fieldType, { selection: (answers[q.key] as { selection?: unknown })?.selection }, now));
  const location = reportLocation(step2);
  const hasLocation = location !== null;
  const addressLines = location ? locationSummaryLines(location) : [];
  const locationRow: Row[] =
    hasLocation || mapQuestions.length > 0
      ? [
          {
            key: 'ml-location',
            label: TEXTS.location,
            lines: [],
            content: (
              <div className="ml-summary-location">
                {hasLocation && (
                  <div className="ml-summary-map" aria-hidden="true">
                    <Suspense fallback={null}>
                      <IntroMap location={location!} />
                    </Suspense>
                  </div>
                )}
                <p className="ml-summary-location__address">{(addressLines.length ? addressLines : [hasLocation ? PINNED_ON_MAP : TEXTS.notGiven]).join('\n')}</p>
                {chosenObjects.length > 0 && (
                  <ul className="ml-summary-location__objects">
                    {chosenObjects.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
                <button ref={locationEdit} type="button" className="ml-link-button" onClick={() => onEdit('vulaan', true)}>
                  {TEXTS.edit} <span className="ml-visually-hidden">{TEXTS.location.toLowerCase()}</span>
                </button>
              </div>
            ),
          },
        ]
      : [];

  return (
    <div>
      <p className="utrecht-paragraph">{TEXTS.summarySubHeader}</p>
      <Section index={0} step="beschrijf" onEdit={onEdit}>
        <Rows rows={rowsOf(step1)} />
      </Section>
      <Section index={1} step="vulaan" onEdit={onEdit}>
        <Rows rows={[...locationRow, ...otherRows]} />
      </Section>
      <Section index={2} step="contact" onEdit={onEdit}>
        <Rows rows={rowsOf(step3)} />
      </Section>
    </div>
  );
}

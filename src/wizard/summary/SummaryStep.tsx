import { lazy, Suspense, type ReactNode } from 'react';
import { isLocationSet, locationSummaryLines, PINNED_ON_MAP, type EditableStep, type Evaluation } from '@meldloket/engine';
import { useStepEvaluation, useWizardSelector, type WizardView } from '../state/index.ts';
import { TEXTS } from '../texts.ts';
import { answerLines, summaryRows, type SummaryRow } from './formatAnswer.ts';
import { MAP_FIELD_TYPES, loadIntroMap } from '../mapSlot.ts';

const IntroMap = lazy(loadIntroMap);

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
          {TEXTS.edit}{' '}
          <span className="ml-visually-hidden">{title}</span>
        </a>
      </div>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="ml-summary-list">
      {rows.map((row) => (
        <div key={row.key} style={{ display: 'contents' }}>
          <dt>{row.label}</dt>
          <dd>{row.lines.length ? row.lines.join('\n') : TEXTS.notGiven}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The summary 'Versturen': three numbered sections with edit links, then
 * 'Verstuur'. Every row comes from a step's definition: its visible questions,
 * their short labels and their answers as the engine evaluated them.
 */
export function SummaryStep({ wizard, onEdit }: { wizard: WizardView; onEdit(step: EditableStep, openMap?: boolean): void }) {
  const { draft } = wizard;
  const step1 = useStepEvaluation('beschrijf');
  const step2 = useStepEvaluation('vulaan');
  const step3 = useStepEvaluation('contact');
  const now = useWizardSelector((s) => s.context.now());
  // The subcategory's answer is its slug: the summary names it.
  const rowsOf = (evaluation: Evaluation | null) =>
    evaluation
      ? summaryRows(evaluation.visible, { ...evaluation.effectiveAnswers, subcategory: draft.classification?.name ?? draft.subcategory }, now)
      : [];

  const answers = step2?.effectiveAnswers ?? {};
  const visible = step2?.visible ?? [];
  const mapQuestions = visible.filter((q) => MAP_FIELD_TYPES.has(q.fieldType));
  const otherRows = summaryRows(visible.filter((q) => !MAP_FIELD_TYPES.has(q.fieldType)), answers, now);
  const chosenObjects = mapQuestions.flatMap((q) => answerLines(q.fieldType, { selection: (answers[q.key] as { selection?: unknown })?.selection }, now));
  const hasLocation = isLocationSet(draft.location.coordinates);
  const addressLines = hasLocation ? locationSummaryLines(draft.location) : [];

  return (
    <div>
      <p className="utrecht-paragraph">{TEXTS.summarySubHeader}</p>
      <Section index={0} step="beschrijf" onEdit={onEdit}>
        <Rows rows={rowsOf(step1)} />
      </Section>
      <Section index={1} step="vulaan" onEdit={onEdit}>
        {(hasLocation || mapQuestions.length > 0) && (
          <div className="ml-summary-location">
            <h3 className="utrecht-heading-3">Locatie</h3>
            {hasLocation && (
              <div className="ml-summary-map" aria-hidden="true">
                <Suspense fallback={null}>
                  <IntroMap location={draft.location} />
                </Suspense>
              </div>
            )}
            <p className="utrecht-paragraph" style={{ whiteSpace: 'pre-line' }}>
              {(addressLines.length ? addressLines : [hasLocation ? PINNED_ON_MAP : TEXTS.notGiven]).join('\n')}
            </p>
            {chosenObjects.length > 0 && (
              <ul className="utrecht-unordered-list">
                {chosenObjects.map((line) => (
                  <li key={line} className="utrecht-unordered-list__item">
                    {line}
                  </li>
                ))}
              </ul>
            )}
            <button type="button" className="ml-link-button" onClick={() => onEdit('vulaan', true)}>
              {TEXTS.changeLocation}{' '}
              <span className="ml-visually-hidden">locatie</span>
            </button>
          </div>
        )}
        {otherRows.length > 0 && <Rows rows={otherRows} />}
      </Section>
      <Section index={2} step="contact" onEdit={onEdit}>
        <Rows rows={rowsOf(step3)} />
      </Section>
    </div>
  );
}

/**
 * The studio's live preview: the draft drawn by the real FormRenderer, at a phone's or a
 * computer's width, for a chosen subcategory. Answering shows which questions appear, which
 * block, which errors show, the extra_properties the report would send (the engine's own
 * buildPayload) and, for any question, why it is shown or not (explainVisibility).
 */
import {
  buildPayload,
  createForm,
  createInitialDraft,
  explainVisibility,
  type Answers,
  type Form as QuestionForm,
  type Question,
  type QuestionSetFile,
} from '@meldloket/engine';
import { FormRenderer, MapServicesProvider, type MapFieldServices } from '@meldloket/renderer';
import { lazy, useId, useMemo, useState } from 'react';
import { loadIntroMap, loadMapSelector } from '../../wizard/mapSlot.ts';
import { ConditionExplanation } from './ConditionExplanation.tsx';
import { STUDIO_TEXTS as T } from './texts.ts';
import { Form, RadioGroup, SelectField } from '../../forms/index.ts';

const Selector = lazy(loadMapSelector);
const IntroMap = lazy(loadIntroMap);
const MAP_SERVICES: MapFieldServices = { Selector, IntroMap };

export interface PreviewSubcategory {
  slug: string;
  name: string;
  main_slug: string;
}

/** The form of a document, or null while it does not pass the schema. */
function formOf(document: QuestionSetFile | null): QuestionForm | null {
  if (!document) return null;
  try {
    return createForm(document);
  } catch {
    return null;
  }
}

export function Preview({ document, subcategories, now = () => new Date() }: { document: QuestionSetFile | null; subcategories: readonly PreviewSubcategory[]; now?: () => Date }) {
  const id = useId();
  const form = useMemo(() => formOf(document), [document]);
  // the first subcategory until the author chooses (the list may arrive after the preview is drawn)
  const [chosen, setChoice] = useState<string | null>(null);
  const choice = chosen ?? (subcategories[0] ? `${subcategories[0].main_slug}/${subcategories[0].slug}` : '');
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  const [answers, setAnswers] = useState<Answers>({});
  const [attempts, setAttempts] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [category, subcategory] = choice ? choice.split('/') : ['', ''];
  const context = useMemo(() => ({ now: now() }), [now]);
  const all = useMemo<Answers>(() => ({ ...answers, category, subcategory }), [answers, category, subcategory]);
  const evaluation = useMemo(() => form?.evaluate(all, context) ?? null, [form, all, context]);
  const questions = form?.questions ?? [];
  const labelOf = (key: string) => questions.find((q) => q.key === key)?.meta.label ?? key;

  const payload = useMemo(() => {
    if (!form || !evaluation) return [];
    const draft = { ...createInitialDraft(), category, subcategory, answers, questions: questions as Question[] };
    return buildPayload(draft, { now: context.now, form }).extra_properties;
  }, [form, evaluation, category, subcategory, answers, questions, context]);

  const explanation = (key: string) => {
    const question = questions.find((q) => q.key === key)!;
    const visible = new Set(evaluation?.visibleKeys ?? []);
    const read = (k: string) => (questions.some((q) => q.key === k) && !visible.has(k) ? undefined : all[k]);
    return explainVisibility(question, read, {}, questions);
  };

  const status = !evaluation ? '' : evaluation.blocked ? T.previewBlocked : evaluation.canAdvance ? T.previewOk : T.previewErrors(Object.keys(evaluation.errors).length);

  return (
    <section className="ml-studio__preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="utrecht-heading-2">
        {T.previewTitle}
      </h2>
      <p className="utrecht-paragraph">{T.previewIntro}</p>
      <div className="ml-studio__preview-controls">
        <SelectField id={`${id}-sub`} label={T.previewSubcategory} hideOptional wide value={choice} onChange={setChoice}>
          <option value="">{T.anySubcategory}</option>
          {subcategories.map((s) => (
            <option key={`${s.main_slug}/${s.slug}`} value={`${s.main_slug}/${s.slug}`}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <RadioGroup
          id={`${id}-width`}
          label={T.width}
          className="ml-studio__width"
          options={[
            { value: 'phone', label: T.phone },
            { value: 'desktop', label: T.desktop },
          ]}
          value={width}
          onChange={(w) => setWidth(w as typeof width)}
        />
      </div>
      {!form || !evaluation ? (
        <p className="utrecht-paragraph" role="status">
          {T.previewBroken}
        </p>
      ) : (
        <>
          <div className={`ml-studio__frame ml-studio__frame--${width}`} data-testid="studio-preview-frame">
            <MapServicesProvider value={MAP_SERVICES}>
              <Form label={T.previewTitle} onSubmit={() => setAttempts((n) => n + 1)}>
                <FormRenderer form={form} answers={all} context={context} submitCount={attempts} idPrefix={`${id}-q-`} onChange={(key, value) => setAnswers((previous) => ({ ...previous, [key]: value }))} />
                <div className="ml-studio__buttons">
                  <button type="submit" className="utrecht-button utrecht-button--primary-action">
                    {T.previewCheck}
                  </button>
                  <button
                    type="button"
                    className="utrecht-button utrecht-button--secondary-action"
                    onClick={() => {
                      setAnswers({});
                      setAttempts(0);
                    }}
                  >
                    {T.previewReset}
                  </button>
                </div>
              </Form>
            </MapServicesProvider>
          </div>
          <p className="utrecht-paragraph" role="status" aria-live="polite">
            {status}
          </p>
          <h3 className="utrecht-heading-3">{T.shownTitle}</h3>
          <ul className="ml-studio__shown">
            {questions.map((q) => {
              const visible = evaluation.visibleKeys.includes(q.key);
              const expanded = open === q.key;
              return (
                <li key={q.key} className={visible ? 'ml-studio__shown-item' : 'ml-studio__shown-item ml-studio__shown-item--hidden'}>
                  <span>
                    {visible ? '● ' : '○ '}
                    {labelOf(q.key)} <span className="ml-studio__key">({q.key})</span>
                    {visible ? '' : ` — ${T.explainHidden}`}
                    {evaluation.visible.find((v) => v.key === q.key)?.blocking ? ` — ${T.previewBlocked}` : ''}
                  </span>{' '}
                  <button
                    type="button"
                    className="utrecht-button utrecht-button--subtle"
                    aria-label={`${visible ? T.why : T.whyNot} (${labelOf(q.key)})`}
                    aria-expanded={expanded}
                    aria-controls={`${id}-why-${q.key}`}
                    onClick={() => setOpen(expanded ? null : q.key)}
                  >
                    {visible ? T.why : T.whyNot}
                  </button>
                  <div id={`${id}-why-${q.key}`} hidden={!expanded}>
                    {expanded && <ConditionExplanation explanation={explanation(q.key)} labelOf={labelOf} />}
                  </div>
                </li>
              );
            })}
          </ul>
          <h3 className="utrecht-heading-3">{T.payloadTitle}</h3>
          {payload.length === 0 ? (
            <p className="utrecht-paragraph">{T.payloadEmpty}</p>
          ) : (
            <pre className="ml-studio__code" data-testid="studio-payload" tabIndex={0} aria-label={T.payloadTitle}>
              {JSON.stringify(payload, null, 2)}
            </pre>
          )}
        </>
      )}
    </section>
  );
}

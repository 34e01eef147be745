/**
 * The studio's structured view of the draft, for authors who do not write JSON: the questions in
 * order (move up and down, remove), a palette of the twenty field types (from the engine's
 * field-type table) to add one, and per question its key, texts, type, whether it is required and
 * sent, its answers, its checks and its ifOneOf conditions. It edits the same draft as the JSON
 * editor: every change is a new document, written back as the draft's text.
 */
import {
  EXTRA_PROPERTY_TYPES,
  FIELD_TYPES,
  fieldTypeOfCode,
  traitsOf,
  VALIDATOR_ARGUMENTS,
  VALIDATOR_NAMES,
  type ConditionBlock,
  type FieldType,
  type Question,
  type QuestionSetFile,
  type ValidatorSpec,
} from '@meldloket/engine';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CheckboxField, SelectField, TextField } from '../../forms/index.ts';
import { STUDIO_TEXTS as T } from './texts.ts';

const isQuestion = (q: unknown): q is Question => !!q && typeof q === 'object' && !Array.isArray(q) && typeof (q as Question).meta === 'object' && (q as Question).meta !== null;
const labelOf = (q: Question, i: number) => (typeof q.meta.label === 'string' && q.meta.label.trim() ? q.meta.label : q.key || `${i + 1}`);
const takesOptions = (type: FieldType | undefined) => !!type && ['option', 'options'].includes(traitsOf(type).answer) && type !== 'emphasis_checkbox_input';

/** A new question of a type: the meta its type requires (docs/question-set-format.md), sent when its type can be. */
export function newQuestion(type: FieldType, taken: ReadonlySet<string>): Question {
  let n = taken.size + 1;
  while (taken.has(`vraag_${n}`)) n++;
  const meta: Question['meta'] = {};
  const needs = traitsOf(type).requiredMeta as readonly string[];
  if (needs.includes('label') || traitsOf(type).presentation === 'input') meta.label = T.newLabel;
  if (takesOptions(type)) meta.values = { ja: 'Ja', nee: 'Nee' };
  if (needs.includes('value')) meta.value = T.newLabel;
  if (needs.includes('endpoint')) meta.endpoint = '';
  if (needs.includes('featureTypes')) meta.featureTypes = [];
  if (EXTRA_PROPERTY_TYPES.has(type)) meta.pathMerge = 'extra_properties';
  return { key: `vraag_${n}`, field_type: type, meta };
}

type Focus = { index: number; target: 'up' | 'down' | 'edit' | 'key' | 'heading' };

export function StructuredEditor({ document, onChange }: { document: QuestionSetFile; onChange: (document: QuestionSetFile) => void }) {
  const id = useId();
  const questions: unknown[] = Array.isArray(document.questions) ? document.questions : [];
  const [open, setOpen] = useState<number | null>(null);
  const [type, setType] = useState<FieldType>('radio_input');
  const focus = useRef<Focus | null>(null);

  useEffect(() => {
    const wanted = focus.current;
    if (!wanted) return;
    focus.current = null;
    const element =
      window.document.getElementById(`${id}-${wanted.index}-${wanted.target}`) ??
      (wanted.target === 'up' || wanted.target === 'down' ? window.document.getElementById(`${id}-${wanted.index}-${wanted.target === 'up' ? 'down' : 'up'}`) : null) ??
      window.document.getElementById(`${id}-heading`);
    element?.focus();
  });

  const setQuestions = (next: unknown[]) => onChange({ ...document, questions: next as Question[] });
  const move = (from: number, to: number) => {
    const next = [...questions];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    if (open === from) setOpen(to);
    else if (open === to) setOpen(from);
    focus.current = { index: to, target: to < from ? 'up' : 'down' };
    setQuestions(next);
  };
  const keys = new Set(questions.filter(isQuestion).map((q) => q.key));

  return (
    <section className="ml-studio__structured" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="utrecht-heading-2" tabIndex={-1}>
        {T.questionsTitle}
      </h2>
      {questions.length === 0 && <p className="utrecht-paragraph">{T.noQuestions}</p>}
      <ol className="ml-studio__questions">
        {questions.map((q, i) => {
          if (!isQuestion(q)) return <li key={i}>{T.brokenJson}</li>;
          const label = labelOf(q, i);
          return (
            <li key={i} className="ml-studio__question">
              <div className="ml-studio__question-head">
                <span>
                  <strong>{label}</strong> <span className="ml-studio__key">({q.key}, {q.field_type}{q.required ? `, ${T.required.toLowerCase()}` : ''})</span>
                </span>
                <span className="ml-settings__row-actions">
                  <button id={`${id}-${i}-edit`} type="button" aria-label={T.named(T.action.edit, label)} className="utrecht-button utrecht-button--subtle" aria-expanded={open === i} aria-controls={`${id}-${i}-panel`} onClick={() => setOpen(open === i ? null : i)}>
                    {T.action.edit}
                  </button>
                  {i > 0 && (
                    <button id={`${id}-${i}-up`} type="button" aria-label={T.named(T.action.up, label)} className="utrecht-button utrecht-button--subtle" onClick={() => move(i, i - 1)}>
                      {T.action.up}
                    </button>
                  )}
                  {i < questions.length - 1 && (
                    <button id={`${id}-${i}-down`} type="button" aria-label={T.named(T.action.down, label)} className="utrecht-button utrecht-button--subtle" onClick={() => move(i, i + 1)}>
                      {T.action.down}
                    </button>
                  )}
                  <button
                    type="button"
                    aria-label={T.named(T.action.remove, label)}
                    className="utrecht-button utrecht-button--subtle"
                    onClick={() => {
                      setOpen(null);
                      focus.current = { index: i - 1, target: 'edit' };
                      setQuestions(questions.filter((_, j) => j !== i));
                    }}
                  >
                    {T.action.remove}
                  </button>
                </span>
              </div>
              {open === i && (
                <div id={`${id}-${i}-panel`} className="ml-studio__panel">
                  <QuestionForm
                    prefix={`${id}-${i}`}
                    question={q}
                    others={questions.filter((o, j): o is Question => j !== i && isQuestion(o))}
                    onChange={(next) => setQuestions(questions.map((o, j) => (j === i ? next : o)))}
                  />
                  <button
                    type="button"
                    className="utrecht-button utrecht-button--secondary-action"
                    onClick={() => {
                      setOpen(null);
                      focus.current = { index: i, target: 'edit' };
                    }}
                  >
                    {T.close}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="ml-studio__palette" role="group" aria-labelledby={`${id}-palette`}>
        <h3 id={`${id}-palette`} className="utrecht-heading-3">
          {T.palette}
        </h3>
        <SelectField id={`${id}-type`} label={T.paletteType} hideOptional wide className="ml-studio__inline-field" value={type} onChange={(value) => setType(value as FieldType)}>
          {FIELD_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>{' '}
        <button
          type="button"
          className="utrecht-button utrecht-button--secondary-action"
          onClick={() => {
            setOpen(questions.length);
            focus.current = { index: questions.length, target: 'key' };
            setQuestions([...questions, newQuestion(type, keys)]);
          }}
        >
          {T.add}
        </button>
      </div>
    </section>
  );
}

function QuestionForm({ prefix, question, others, onChange }: { prefix: string; question: Question; others: Question[]; onChange: (q: Question) => void }) {
  const meta = question.meta;
  const type = fieldTypeOfCode(String(question.field_type));
  const setMeta = (patch: Partial<Question['meta']>) => {
    const next = { ...meta, ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete (next as Record<string, unknown>)[k];
    onChange({ ...question, meta: next });
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <div className="ml-studio__form">
      <TextField id={`${prefix}-key`} label={T.key} hint={T.keyHint} required hideOptional value={question.key ?? ''} onChange={(key) => onChange({ ...question, key })} />
      <TextField id={`${prefix}-label`} label={T.label} value={text(meta.label)} onChange={(label) => setMeta({ label: label || undefined })} hideOptional />
      <TextField id={`${prefix}-short`} label={T.shortLabel} hint={T.shortLabelHint} value={text(meta.shortLabel)} onChange={(shortLabel) => setMeta({ shortLabel: shortLabel || undefined })} hideOptional />
      <TextField id={`${prefix}-subtitle`} label={T.subtitle} value={text(meta.subtitle)} onChange={(subtitle) => setMeta({ subtitle: subtitle || undefined })} hideOptional />
      <SelectField id={`${prefix}-type`} label={T.fieldType} hideOptional wide value={type ?? String(question.field_type)} onChange={(value) => onChange({ ...question, field_type: value as FieldType })}>
        {!type && <option value={String(question.field_type)}>{String(question.field_type)}</option>}
        {FIELD_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <CheckboxField id={`${prefix}-required`} label={T.required} checked={question.required === true} onChange={(on) => onChange(on ? { ...question, required: true } : withoutKey(question, 'required'))} />
      {type && EXTRA_PROPERTY_TYPES.has(type) && (
        <CheckboxField id={`${prefix}-sent`} label={T.sent} checked={meta.pathMerge === 'extra_properties'} onChange={(on) => setMeta({ pathMerge: on ? 'extra_properties' : undefined })} />
      )}
      {takesOptions(type) && <OptionsEditor prefix={prefix} values={meta.values ?? {}} onChange={(values) => setMeta({ values })} />}
      <ValidatorsEditor prefix={prefix} validators={Array.isArray(meta.validators) ? meta.validators : []} onChange={(validators) => setMeta({ validators: validators.length ? validators : undefined })} />
      <ConditionsEditor prefix={prefix} question={question} others={others} onChange={(ifOneOf) => setMeta({ ifOneOf })} />
    </div>
  );
}

/** The focus to a control that stays when the one that had it goes away. */
const focusById = (id: string) => window.document.getElementById(id)?.focus();

/** A group of the question's fields under a legend. */
function Group({ legend, describedBy, children }: { legend: string; describedBy?: string; children: ReactNode }) {
  return (
    <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset ml-fieldset ml-studio__rows" aria-describedby={describedBy}>
      <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend ml-legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

function withoutKey<T extends object>(object: T, key: keyof T): T {
  const copy = { ...object };
  delete copy[key];
  return copy;
}

function OptionsEditor({ prefix, values, onChange }: { prefix: string; values: Record<string, string>; onChange: (values: Record<string, string>) => void }) {
  const entries = Object.entries(values);
  const set = (next: Array<[string, string]>) => onChange(Object.fromEntries(next));
  return (
    <Group legend={T.options}>
      {entries.map(([code, label], i) => (
        <div key={i} className="ml-studio__row">
          <TextField id={`${prefix}-opt-${i}-id`} label={T.optionId(i + 1)} value={code} hideOptional onChange={(v) => set(entries.map((e, j) => (j === i ? [v, e[1]] : e)))} />
          <TextField id={`${prefix}-opt-${i}-label`} label={T.optionLabel(i + 1)} value={label} hideOptional onChange={(v) => set(entries.map((e, j) => (j === i ? [e[0], v] : e)))} />
          <button
            type="button"
            className="utrecht-button utrecht-button--subtle"
            onClick={() => {
              set(entries.filter((_, j) => j !== i));
              focusById(`${prefix}-opt-add`);
            }}
          >
            {T.removeOption(i + 1)}
          </button>
        </div>
      ))}
      <button id={`${prefix}-opt-add`} type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => set([...entries, [`antwoord_${entries.length + 1}`, '']])}>
        {T.addOption}
      </button>
    </Group>
  );
}

function ValidatorsEditor({ prefix, validators, onChange }: { prefix: string; validators: ValidatorSpec[]; onChange: (validators: ValidatorSpec[]) => void }) {
  const nameOf = (v: ValidatorSpec) => (Array.isArray(v) ? String(v[0]) : v);
  const [adding, setAdding] = useState<string>('maxLength');
  return (
    <Group legend={T.validators}>
      {validators.map((v, i) => {
        const name = nameOf(v);
        const kind = VALIDATOR_ARGUMENTS[name as keyof typeof VALIDATOR_ARGUMENTS];
        return (
          <div key={i} className="ml-studio__row">
            {kind && kind !== 'none' ? (
              <TextField
                id={`${prefix}-val-${i}`}
                label={name}
                hideOptional
                value={Array.isArray(v) ? String(v[1] ?? '') : ''}
                onChange={(arg) => onChange(validators.map((o, j) => (j === i ? [name, kind === 'number' || kind === 'length' ? (arg === '' || Number.isNaN(Number(arg)) ? arg : Number(arg)) : arg] : o)))}
              />
            ) : (
              <span>{name}</span>
            )}
            <button
              type="button"
              className="utrecht-button utrecht-button--subtle"
              onClick={() => {
                onChange(validators.filter((_, j) => j !== i));
                focusById(`${prefix}-val-new`);
              }}
            >
              {T.removeValidator(name)}
            </button>
          </div>
        );
      })}
      <div className="ml-studio__row">
        <SelectField id={`${prefix}-val-new`} label={T.addValidator} hideOptional wide value={adding} onChange={setAdding}>
          {VALIDATOR_NAMES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="utrecht-button utrecht-button--secondary-action"
          onClick={() => onChange([...validators, VALIDATOR_ARGUMENTS[adding as keyof typeof VALIDATOR_ARGUMENTS] === 'none' ? adding : [adding, '']])}
        >
          {T.add}
        </button>
      </div>
    </Group>
  );
}

/** The flat entries of ifOneOf (key → values) are edited here; nested blocks, ifAllOf and visibleIf only in the JSON. */
function ConditionsEditor({ prefix, question, others, onChange }: { prefix: string; question: Question; others: Question[]; onChange: (ifOneOf: ConditionBlock | undefined) => void }) {
  const block = (question.meta.ifOneOf ?? {}) as ConditionBlock;
  const flat = Object.entries(block).filter(([k, v]) => k !== 'ifOneOf' && k !== 'ifAllOf' && (Array.isArray(v) || typeof v !== 'object'));
  const other = Object.keys(block).length > flat.length || question.meta.ifAllOf !== undefined || question.meta.visibleIf !== undefined;
  const [on, setOn] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [typed, setTyped] = useState('');
  const target = others.find((o) => o.key === on);
  const options = target?.meta.values ? Object.entries(target.meta.values) : null;
  const set = (next: ConditionBlock) => onChange(Object.keys(next).length ? next : undefined);
  const values = options ? [...picked] : typed.split(',').map((v) => v.trim()).filter(Boolean);
  return (
    <Group legend={T.conditionsTitle} describedBy={`${prefix}-cond-hint`}>
      <p id={`${prefix}-cond-hint`} className="utrecht-form-field-description ml-hint">
        {T.conditionsHint}
      </p>
      {other && <p className="utrecht-paragraph">{T.otherConditions}</p>}
      {flat.length > 0 && (
        <ul>
          {flat.map(([key, v]) => (
            <li key={key}>
              {key}: {(Array.isArray(v) ? v : [v]).join(', ')}{' '}
              <button
                type="button"
                className="utrecht-button utrecht-button--subtle"
                onClick={() => {
                  const next = { ...block };
                  delete next[key];
                  set(next);
                  focusById(`${prefix}-cond-on`);
                }}
              >
                {T.removeCondition(key)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SelectField
        id={`${prefix}-cond-on`}
        label={T.conditionOn}
        hideOptional
        wide
        value={on}
        onChange={(value) => {
          setOn(value);
          setPicked(new Set());
          setTyped('');
        }}
      >
        <option value="">{T.chooseQuestion}</option>
        <option value="subcategory">{T.subcategoryCondition}</option>
        {others.map((o) => (
          <option key={o.key} value={o.key}>
            {o.meta.label ?? o.key} ({o.key})
          </option>
        ))}
      </SelectField>
      {on && options && (
        <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset ml-fieldset">
          <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend ml-legend">{T.conditionValues}</legend>
          {options.map(([code, label]) => (
            <CheckboxField
              key={code}
              id={`${prefix}-cond-${code}`}
              label={`${label} (${code})`}
              checked={picked.has(code)}
              onChange={(checked) => {
                const next = new Set(picked);
                if (checked) next.add(code);
                else next.delete(code);
                setPicked(next);
              }}
            />
          ))}
        </fieldset>
      )}
      {on && !options && <TextField id={`${prefix}-cond-values`} label={T.conditionValues} hint={T.conditionValuesHint} value={typed} onChange={setTyped} hideOptional />}
      <button
        type="button"
        className="utrecht-button utrecht-button--secondary-action"
        disabled={!on || values.length === 0}
        onClick={() => {
          set({ ...block, [on]: values.length === 1 ? values[0]! : values });
          setOn('');
          setPicked(new Set());
          setTyped('');
          focusById(`${prefix}-cond-on`);
        }}
      >
        {T.addCondition}
      </button>
    </Group>
  );
}

/**
 * /instellingen/vragenlijsten/{name}: the studio of one question set (docs/studio-api.md, docs/authoring.md).
 * One draft text, edited in the structured view or the JSON editor, checked as it is typed by the
 * engine's questionSetFindings (the same function the server answers with), drawn in the live
 * preview; saved, published (refused with the reason while it has errors), compared, rolled back,
 * imported and exported.
 */
import { publishable, questionSetFindings, type QuestionSetFile, type QuestionSetFinding } from '@meldloket/engine';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { useNotifications } from '../../notifications/index.ts';
import { SettingsPage } from '../components.tsx';
import { FileField, FormErrorSummary, RadioGroup, TextField, type SummaryFields } from '../../forms/index.ts';
import { SETTINGS_TEXTS } from '../texts.ts';
import { refusalMessage, refusedFindings, useDiscardDraft, usePublish, useQuestionSet, useQuestionSets, useSaveDraft } from './api.ts';
import type { JsonEditorHandle } from './JsonEditor.tsx';
import { Preview } from './Preview.tsx';
import { QueryState } from '../../api/QueryState.tsx';
import { StructuredEditor } from './StructuredEditor.tsx';
import { STUDIO_TEXTS as T } from './texts.ts';
import { fileText, Versions } from './Versions.tsx';
import './studio.css';

const JsonEditor = lazy(() => import('./JsonEditor.tsx').then((m) => ({ default: m.JsonEditor })));

const parse = (text: string): QuestionSetFile | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as QuestionSetFile) : null;
  } catch {
    return null;
  }
};

export default function Studio() {
  const { name = '' } = useParams();
  const set = useQuestionSet(name);
  const sets = useQuestionSets();
  const summary = sets.data?.find((s) => s.name === name);
  return (
    <SettingsPage title={T.studioTitle(summary?.title ?? name)} back="/instellingen/vragenlijsten">
      <QueryState query={set} failed={T.setFailed} />
      {set.data && <StudioBody key={name} name={name} detail={set.data} subcategories={summary?.subcategories ?? []} />}
    </SettingsPage>
  );
}

function StudioBody({ name, detail, subcategories }: { name: string; detail: NonNullable<ReturnType<typeof useQuestionSet>['data']>; subcategories: Parameters<typeof Preview>[0]['subcategories'] }) {
  const id = useId();
  const { show } = useNotifications();
  const server = detail.draft?.text ?? (detail.published ? fileText(detail.published.document) : fileText({ questions: [] }));
  const [text, setText] = useState(server);
  const [baseline, setBaseline] = useState(server);
  const [view, setView] = useState<'structured' | 'json'>('structured');
  const [note, setNote] = useState('');
  // the server's findings, each linked to its 'go to' button below the summary
  const [refusal, setRefusal] = useState<{ title: string; findings: QuestionSetFinding[]; errors: Record<string, string>; fields: SummaryFields } | null>(null);
  const editor = useRef<JsonEditorHandle>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const pendingGoTo = useRef<string | null>(null);
  const save = useSaveDraft(name);
  const publish = usePublish(name);
  const discard = useDiscardDraft(name);
  const dirty = text !== baseline;

  // What the server holds now replaces an unchanged text (after a publish, a roll back, a discard).
  useEffect(() => {
    if (!dirty) {
      setText(server);
      setBaseline(server);
    }
  }, [server]);

  const checked = useDeferredValue(text);
  const findings = useMemo(() => questionSetFindings(checked), [checked]);
  const document = useMemo(() => parse(checked), [checked]);
  // the structured view edits what was typed, not the deferred copy the checks and the preview read
  const current = useMemo(() => (text === checked ? document : parse(text)), [text, checked, document]);
  const errors = findings.filter((f) => f.severity === 'error').length;
  const hasDraft = detail.draft !== null || dirty;
  const busy = save.isPending || publish.isPending || discard.isPending;
  const reason = !hasDraft ? T.cannotPublishNothing : !publishable(findings) ? T.cannotPublishErrors(errors) : null;

  const goTo = (path: string) => {
    if (view !== 'json') {
      pendingGoTo.current = path;
      setView('json');
    } else editor.current?.goTo(path);
  };
  useEffect(() => {
    if (view === 'json' && pendingGoTo.current !== null && editor.current) {
      editor.current.goTo(pendingGoTo.current);
      pendingGoTo.current = null;
    }
  });

  const saveDraft = async (value = text) => {
    const saved = await save.mutateAsync(value);
    setBaseline(value);
    return saved.draft;
  };
  const onSave = () =>
    saveDraft().then(
      () => show({ title: T.saved, variant: 'success', type: 'local' }),
      (error: unknown) => show({ title: T.saveFailed, message: refusalMessage(error), variant: 'error', type: 'local' }),
    );
  const onPublish = async () => {
    setRefusal(null);
    try {
      const draft = dirty || !detail.draft ? await saveDraft() : detail.draft;
      const made = await publish.mutateAsync({ based_on: draft.based_on, ...(note.trim() ? { note: note.trim() } : {}) });
      setNote('');
      show({ title: T.published_(made.version), variant: 'success', type: 'local' });
    } catch (error) {
      const refused = refusedFindings(error);
      const findings = refused ?? [];
      setRefusal({
        title: refused ? `${T.publishFailed} ${T.serverFindings}` : `${T.publishFailed} ${refusalMessage(error)}`,
        findings,
        errors: Object.fromEntries(findings.map((f, i) => [i, f.message])),
        fields: Object.fromEntries(findings.map((f, i) => [i, { id: `${id}-server-${i}`, label: f.path || '/' }])),
      });
    }
  };
  const onDiscard = () =>
    discard.mutate(undefined, {
      onSuccess: () => {
        setBaseline(text);
        // the button goes away with the draft: the focus to 'Publiceren'
        publishButton.current?.focus();
        show({ title: T.discarded, variant: 'success', type: 'local' });
      },
      onError: (error) => show({ title: T.discardFailed, message: refusalMessage(error), variant: 'error', type: 'local' }),
    });

  return (
    <div className="ml-studio">
      <p className="utrecht-paragraph">{detail.draft ? T.basedOn(detail.draft.based_on) : detail.published ? T.noDraftYet(detail.published.version) : T.basedOn(null)}</p>
      {refusal && <FormErrorSummary title={refusal.title} titleAlone errors={refusal.errors} fields={refusal.fields} />}
      {refusal && refusal.findings.length > 0 && (
        <ul className="ml-studio__findings">
          {refusal.findings.map((f, i) => (
            <li key={i}>
              <button id={`${id}-server-${i}`} type="button" className="utrecht-button utrecht-button--subtle" onClick={() => goTo(f.path)}>
                {T.goTo(f.path)}
              </button>{' '}
              {f.message}
            </li>
          ))}
        </ul>
      )}
      <div className="ml-studio__columns">
        <div className="ml-studio__edit">
          <RadioGroup
            id={`${id}-view`}
            label={T.viewLabel}
            className="ml-studio__view"
            options={[
              { value: 'structured', label: T.structuredView },
              { value: 'json', label: T.jsonView },
            ]}
            value={view}
            onChange={(v) => setView(v as typeof view)}
          />
          {view === 'json' ? (
            <div className="ml-field">
              <p id={`${id}-editor-label`} className="utrecht-form-label ml-label">
                {T.editorLabel}
              </p>
              <p id={`${id}-editor-hint`} className="utrecht-form-field-description ml-hint">
                {T.editorHint}
              </p>
              <Suspense fallback={<p className="utrecht-paragraph" role="status">{SETTINGS_TEXTS.loading}</p>}>
                <JsonEditor ref={editor} text={text} findings={text === checked ? findings : []} onChange={setText} labelledBy={`${id}-editor-label`} describedBy={`${id}-editor-hint`} />
              </Suspense>
            </div>
          ) : current ? (
            <StructuredEditor document={current} onChange={(next) => setText(fileText(next))} />
          ) : (
            <p className="utrecht-paragraph" role="status">
              {T.brokenJson}
            </p>
          )}
          <Findings findings={findings} onGoTo={goTo} />
          <div className="ml-studio__actions">
            <p className="utrecht-paragraph" role="status">
              {dirty ? T.unsaved : ''}
            </p>
            <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy || !dirty} onClick={() => void onSave()}>
              {T.save}
            </button>
            <TextField id={`${id}-note`} label={T.publishNote} hint={T.publishNoteHint} value={note} onChange={setNote} />
            <button ref={publishButton} type="button" className="utrecht-button utrecht-button--primary-action" aria-disabled={busy || reason !== null} aria-describedby={reason ? `${id}-reason` : undefined} onClick={() => !busy && reason === null && void onPublish()}>
              {T.publish}
            </button>
            {reason && (
              <p id={`${id}-reason`} className="utrecht-paragraph ml-studio__reason">
                {reason}
              </p>
            )}
            {detail.draft && (
              <button type="button" className="utrecht-button utrecht-button--subtle" disabled={busy} onClick={onDiscard}>
                {T.discard}
              </button>
            )}
          </div>
          <Import
            onText={(imported, file) => {
              setText(imported);
              saveDraft(imported).then(
                () => show({ title: T.imported(file), variant: 'success', type: 'local' }),
                (error: unknown) => show({ title: T.importFailed, message: refusalMessage(error), variant: 'error', type: 'local' }),
              );
            }}
          />
        </div>
        <div className="ml-studio__side">
          <Preview document={document} subcategories={subcategories} />
        </div>
      </div>
      <Versions name={name} current={detail.published?.version ?? null} draftText={hasDraft ? text : null} onRolledBack={(message) => show({ title: message, variant: 'success', type: 'local' })} />
    </div>
  );
}

/** The findings of the draft as typed: each at its JSON path, with a button that goes there in the editor. */
function Findings({ findings, onGoTo }: { findings: QuestionSetFinding[]; onGoTo: (path: string) => void }) {
  const id = useId();
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <section aria-labelledby={`${id}-title`} className="ml-studio__check">
      <h2 id={`${id}-title`} className="utrecht-heading-2">
        {T.findingsTitle}
      </h2>
      <p className="utrecht-paragraph" role="status" aria-live="polite">
        {findings.length === 0 ? T.noFindings : T.findingsCount(errors, findings.length - errors)}
      </p>
      {findings.length > 0 && (
        <ul className="ml-studio__findings">
          {findings.map((f, i) => (
            <li key={i} className={`ml-studio__finding ml-studio__finding--${f.severity}`}>
              <strong>{T.severity[f.severity]}</strong> {T.at(f.path)}: {f.message}{' '}
              <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => onGoTo(f.path)}>
                {T.goTo(f.path)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Import({ onText }: { onText: (text: string, file: string) => void }) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="ml-studio__import">
      <h2 id={`${id}-title`} className="utrecht-heading-2">
        {T.importTitle}
      </h2>
      <FileField id={`${id}-file`} label={T.importFile} hint={T.importHint} error={error} hideOptional accept="application/json,.json" inputRef={input} />
      <button
        type="button"
        className="utrecht-button utrecht-button--secondary-action"
        onClick={async () => {
          const file = input.current?.files?.[0];
          if (!file) {
            // drawn before the focus moves, so the field is read with its error
            flushSync(() => setError(T.importRequired));
            input.current?.focus();
            return;
          }
          setError(undefined);
          onText(await file.text(), file.name);
        }}
      >
        {T.importButton}
      </button>
    </section>
  );
}

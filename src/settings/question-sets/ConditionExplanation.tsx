/**
 * "Waarom wordt deze vraag getoond?": a question's conditions evaluated against the preview's
 * answers (the engine's explainVisibility), part by part and nested, each part saying whether it
 * held, and the questions that read this question's answer.
 */
import type { ExplainedCondition, VisibilityExplanation } from '@meldloket/engine';
import { STUDIO_TEXTS as T } from './texts.ts';

const show = (values: readonly unknown[]) => values.map((v) => String(v));

function Part({ condition }: { condition: ExplainedCondition }) {
  const verdict = (
    <strong className={`ml-studio__verdict ml-studio__verdict--${condition.held ? 'held' : 'failed'}`}>
      {condition.held ? `✓ ${T.held}` : `✗ ${T.notHeld}`}
    </strong>
  );
  if (condition.kind === 'leaf') {
    return (
      <li>
        {T.leaf(condition.key, condition.match, show(condition.values))} — {verdict}
        <br />
        <span className="ml-studio__now">{T.answerNow(condition.answer === null ? null : show(condition.answer))}</span>
      </li>
    );
  }
  if (condition.kind === 'logic') {
    return (
      <li>
        {T.logic} — {verdict}
        <pre className="ml-studio__code">{JSON.stringify(condition.rule)}</pre>
      </li>
    );
  }
  return (
    <li>
      {condition.kind === 'all' ? T.all : T.any} — {verdict}
      <ul className="ml-studio__parts">
        {condition.of.map((part, i) => (
          <Part key={i} condition={part} />
        ))}
      </ul>
    </li>
  );
}

export function ConditionExplanation({ explanation, labelOf }: { explanation: VisibilityExplanation; labelOf: (key: string) => string }) {
  return (
    <div className="ml-studio__explanation">
      <p className="utrecht-paragraph">
        <strong>{explanation.visible ? T.explainVisible : T.explainHidden}</strong>{' '}
        {explanation.reason === 'always' && T.explainAlways}
        {explanation.reason === 'ignoreVisibility' && T.explainIgnore}
        {explanation.reason === 'authenticated' && T.explainAuthenticated}
      </p>
      {explanation.condition && (
        <ul className="ml-studio__parts">
          <Part condition={explanation.condition} />
        </ul>
      )}
      <p className="utrecht-paragraph">{explanation.dependents.length ? `${T.dependents}:` : T.noDependents}</p>
      {explanation.dependents.length > 0 && (
        <ul className="ml-studio__dependents">
          {explanation.dependents.map((key) => (
            <li key={key}>
              {labelOf(key)} ({key})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

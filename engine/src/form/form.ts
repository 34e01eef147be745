import { messages } from '../messages/index.ts';
import type { Answers, Question } from '../schema/types.ts';
import { compileQuestions, type CompiledForm, type CompiledQuestion } from './compile.ts';
import { UnitQueue } from './heap.ts';
import type { EvaluatedQuestion, Evaluation, EvaluationStats, Form, FormContext } from './types.ts';

const EMPTY: Answers = Object.freeze({}) as Answers;

interface State {
  answers: Answers;
  isAuthenticated: boolean;
  nowMs: number | undefined;
  result: Evaluation | undefined;
}

/**
 * createForm for questions that were checked against the schema before they
 * reached the browser (bundled sets by the build and the question-set tests,
 * the server's sets at its start): no schema check and no validator code. A set
 * from anywhere else goes through createForm.
 */
export function createTrustedForm(questions: Question[], context: FormContext = {}): Form {
  return formOf(compileQuestions(questions), context);
}

/** The form of compiled questions (for createForm and createTrustedForm). */
export function formOf(form: CompiledForm, context: FormContext): Form {
  const { compiled, graph, byKey } = form;
  const n = compiled.length;
  const visible = new Array<boolean>(n).fill(false);
  const errors = new Array<string | undefined>(n).fill(undefined);
  const evaluated = new Array<EvaluatedQuestion | undefined>(n).fill(undefined);
  const keyVisible = new Map<string, boolean>();
  let blockingCount = 0;
  const queue = new UnitQueue(graph.units.length);
  /** Indices of the visible questions, ascending. */
  let visibleIdx: number[] = [];
  /** Visible questions with an error. */
  let errorCount = 0;
  /** A copy of `errors` as of the last change, for the lazily built error map. */
  let errorSnapshot: (string | undefined)[] | undefined;
  let state: State | undefined;
  let stats: EvaluationStats = { full: true, visibilityChecks: 0, validations: 0, recomputedKeys: [] };

  function isKeyVisible(key: string): boolean {
    return (byKey.get(key) ?? []).some((i) => visible[i]);
  }

  function evaluate(answersIn: Answers, contextIn?: FormContext): Evaluation {
    const answers = answersIn && typeof answersIn === 'object' ? answersIn : EMPTY;
    const ctx = { ...context, ...contextIn };
    const isAuthenticated = ctx.isAuthenticated === true;
    const now = ctx.now instanceof Date && !Number.isNaN(ctx.now.getTime()) ? ctx.now : undefined;
    const nowMs = now?.getTime();
    const env = { now };

    const toValidate = new Set<number>();
    const recomputed = new Set<number>();
    let visibilityChecks = 0;
    let validations = 0;
    let listChanged = false;
    const flipped: number[] = [];

    const full = !state || state.isAuthenticated !== isAuthenticated;
    if (full) {
      for (let i = 0; i < n; i++) toValidate.add(i);
      listChanged = true;
    } else {
      const prev = state!.answers;
      const changedKeys = new Set<string>();
      for (const key of Object.keys(answers)) if (!Object.is(answers[key], prev[key])) changedKeys.add(key);
      for (const key of Object.keys(prev)) if (!(key in answers) && prev[key] !== undefined) changedKeys.add(key);
      if (changedKeys.size > 0) for (const u of graph.readsAnyKey) queue.push(u);
      for (const key of changedKeys) {
        const own = byKey.get(key);
        if (own) for (const i of own) toValidate.add(i);
        // A hidden question's answer reads as absent: changing it changes nothing,
        // except inside a cycle through that question (settled from all-shown).
        const hidden = own !== undefined && !keyVisible.get(key);
        for (const u of graph.dependentsOf(key)) {
          if (!hidden || own.some((i) => graph.unitOf[i] === u)) queue.push(u);
        }
      }
      // A new moment only matters to the time-dependent validators (inPast) of visible questions.
      if (state!.nowMs !== nowMs) for (let i = 0; i < n; i++) if (visible[i] && compiled[i].validators.usesTime) toValidate.add(i);
    }

    const read = (key: string): unknown => (byKey.has(key) && !keyVisible.get(key) ? undefined : answers[key]);

    const setVisible = (i: number, value: boolean) => {
      if (visible[i] === value) return;
      visible[i] = value;
      listChanged = true;
      flipped.push(i);
      toValidate.add(i);
      keyVisible.set(compiled[i].key, isKeyVisible(compiled[i].key));
    };

    const propagate = (key: string, wasVisible: boolean, u: number) => {
      // A full evaluation visits every unit in order anyway.
      if (full || wasVisible === (keyVisible.get(key) === true)) return;
      for (const dependent of graph.dependentsOf(key)) if (dependent !== u) queue.push(dependent);
    };

    const evaluateUnit = (u: number) => {
      const members = graph.units[u];
      if (!graph.cyclic[u]) {
        const i = members[0];
        const key = compiled[i].key;
        const wasVisible = keyVisible.get(key) === true;
        visibilityChecks++;
        recomputed.add(i);
        setVisible(i, compiled[i].visibility.isVisible(read, ctx));
        propagate(key, wasVisible, u);
        return;
      }
      // Questions that read each other: start from all shown and settle.
      const before = new Map<string, boolean>();
      for (const i of members) before.set(compiled[i].key, keyVisible.get(compiled[i].key) === true);
      for (const i of members) setVisible(i, true);
      for (let round = 0; round <= members.length; round++) {
        let changed = false;
        for (const i of members) {
          visibilityChecks++;
          recomputed.add(i);
          const v = compiled[i].visibility.isVisible(read, ctx);
          if (v !== visible[i]) {
            setVisible(i, v);
            changed = true;
          }
        }
        if (!changed) break;
      }
      for (const [key, wasVisible] of before) propagate(key, wasVisible, u);
    };

    if (full) for (let u = 0; u < graph.units.length; u++) evaluateUnit(u);
    else while (queue.size > 0) evaluateUnit(queue.pop());

    let errorsChanged = false;
    for (const i of toValidate) {
      const c = compiled[i];
      const wasBlocking = evaluated[i]?.blocking === true;
      let error: string | undefined;
      if (visible[i]) {
        validations++;
        error = c.validators.validate(answers[c.key], env);
      }
      const blocking = visible[i] && c.validators.blocking;
      if (blocking !== wasBlocking) blockingCount += blocking ? 1 : -1;
      if (error !== errors[i] || blocking !== wasBlocking || !evaluated[i]) {
        if ((error === undefined) !== (errors[i] === undefined)) errorCount += error === undefined ? -1 : 1;
        if (error !== errors[i]) errorsChanged = true;
        errors[i] = error;
        listChanged = listChanged || visible[i] || blocking !== wasBlocking;
        evaluated[i] = {
          key: c.key,
          fieldType: c.fieldType,
          question: c.question,
          required: c.validators.required,
          ...(error !== undefined && { error }),
          ...(blocking && { blocking: true }),
        };
      }
    }

    const previous = state?.result;
    let visibleList: EvaluatedQuestion[];
    let visibleKeys: string[];
    if (listChanged || !previous) {
      if (flipped.length > 0) visibleIdx = mergeVisible(visibleIdx, flipped, visible);
      visibleList = visibleIdx.map((i) => evaluated[i]!);
      visibleKeys = visibleIdx.map((i) => compiled[i].key);
    } else {
      ({ visible: visibleList, visibleKeys } = previous);
    }
    if (errorsChanged || !errorSnapshot) errorSnapshot = errors.slice();

    const hasErrors = errorCount > 0;
    const blocked = blockingCount > 0;
    const result = lazyEvaluation(
      {
        visible: visibleList,
        visibleKeys,
        blocked,
        canAdvance: !hasErrors && !blocked,
        ...(hasErrors ? { globalMessage: messages.globalInvalid } : blocked ? { globalMessage: messages.blocking } : {}),
        ...(blocked && { blockingMessage: messages.blocking }),
      },
      { answers, visibleIdx, errors: errorSnapshot, compiled, byKey },
    );
    stats = {
      full,
      visibilityChecks,
      validations,
      recomputedKeys: [...recomputed].sort((a, b) => a - b).map((i) => compiled[i].key),
    };
    state = { answers, isAuthenticated, nowMs, result };
    return result;
  }

  return {
    questions: form.questions as readonly Question[],
    evaluate,
    get lastStats() {
      return stats;
    },
  };
}

/** The ascending visible indices after the questions in `flipped` were shown or hidden. */
function mergeVisible(previous: readonly number[], flipped: readonly number[], visible: readonly boolean[]): number[] {
  const shown = [...new Set(flipped.filter((i) => visible[i]))].sort((a, b) => a - b);
  const result: number[] = [];
  let s = 0;
  for (const i of previous) {
    while (s < shown.length && shown[s] < i) result.push(shown[s++]);
    if (s < shown.length && shown[s] === i) s++;
    if (visible[i]) result.push(i);
  }
  while (s < shown.length) result.push(shown[s++]);
  return result;
}

interface Snapshot {
  answers: Answers;
  visibleIdx: readonly number[];
  errors: readonly (string | undefined)[];
  compiled: readonly CompiledQuestion[];
  byKey: ReadonlyMap<string, number[]>;
}

/**
 * Complete an evaluation with `errors` and `effectiveAnswers`, built from an
 * immutable snapshot on first read: an evaluation per keystroke need not pay
 * for maps it never reads.
 */
function lazyEvaluation(base: Omit<Evaluation, 'errors' | 'effectiveAnswers'>, snap: Snapshot): Evaluation {
  let errorMap: Record<string, string> | undefined;
  let effective: Answers | undefined;
  return Object.defineProperties(base as Evaluation, {
    errors: {
      enumerable: true,
      get() {
        if (!errorMap) {
          errorMap = {};
          for (const i of snap.visibleIdx) {
            const key = snap.compiled[i].key;
            if (snap.errors[i] !== undefined && !(key in errorMap)) errorMap[key] = snap.errors[i]!;
          }
        }
        return errorMap;
      },
    },
    effectiveAnswers: {
      enumerable: true,
      get() {
        if (!effective) {
          const shown = new Set<string>();
          for (const i of snap.visibleIdx) shown.add(snap.compiled[i].key);
          effective = {};
          for (const key of Object.keys(snap.answers)) {
            if (snap.byKey.has(key) && !shown.has(key)) continue;
            if (snap.answers[key] !== undefined) effective[key] = snap.answers[key];
          }
        }
        return effective;
      },
    },
  });
}

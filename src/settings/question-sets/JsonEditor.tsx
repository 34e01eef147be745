/**
 * The studio's JSON editor (CodeMirror 6, loaded with the studio's chunk only): the draft's text
 * with completion from the question-set schema and the findings underlined at their JSON path.
 * It holds no draft of its own: every change goes to `onChange`, and a text changed elsewhere
 * (the structured view, an import) replaces the editor's.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, indentOnInput, syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import type { QuestionSetFinding } from '@meldloket/engine';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { pointerRange } from './jsonPaths.ts';
import { questionSetCompletion } from './schemaCompletion.ts';
import { STUDIO_TEXTS as T } from './texts.ts';

export interface JsonEditorHandle {
  /** Puts the cursor at a JSON pointer, scrolls it into view and focuses the editor. */
  goTo(path: string): void;
}

/** The findings as CodeMirror diagnostics, each at its JSON path. */
export function diagnosticsOf(state: EditorState, findings: readonly QuestionSetFinding[]): Diagnostic[] {
  return findings.map((finding) => {
    const { from, to } = finding.kind === 'syntax' ? syntaxErrorRange(state) : pointerRange(state, finding.path);
    return { from, to, severity: finding.severity, message: finding.message, source: finding.path || undefined };
  });
}

/** Where the parser first failed (the syntax tree's first error node), else the end. */
function syntaxErrorRange(state: EditorState): { from: number; to: number } {
  let at = -1;
  json().language.parser.parse(state.doc.toString()).iterate({
    enter: (node) => {
      if (at === -1 && node.type.isError) at = node.from;
      return at === -1;
    },
  });
  const from = at === -1 ? Math.max(0, state.doc.length - 1) : at;
  return { from, to: Math.min(state.doc.length, from + 1) };
}

export const JsonEditor = forwardRef<JsonEditorHandle, { text: string; findings: readonly QuestionSetFinding[]; onChange: (text: string) => void; labelledBy: string; describedBy: string }>(function JsonEditor(
  { text, findings, onChange, labelledBy, describedBy },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          autocompletion({ override: [questionSetCompletion] }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
          // tabindex: axe counts the scroller as reachable by keyboard only when the text in it says it takes focus
          EditorView.contentAttributes.of({ 'aria-labelledby': labelledBy, 'aria-describedby': describedBy, 'aria-multiline': 'true', role: 'textbox', tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A text from elsewhere replaces the editor's (not the editor's own echo).
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === text) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() !== text) return;
    editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(editor.state, findings)));
  }, [findings, text]);

  useImperativeHandle(ref, () => ({
    goTo(path: string) {
      const editor = view.current;
      if (!editor) return;
      const { from } = pointerRange(editor.state, path);
      editor.dispatch({ selection: { anchor: from }, effects: EditorView.scrollIntoView(from, { y: 'center' }) });
      editor.focus();
    },
  }));

  return <div ref={host} className="ml-studio__editor" data-placeholder={T.editorLabel} />;
});

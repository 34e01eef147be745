import type { Meta, StoryObj } from '@storybook/react-vite';
import { explainVisibility, questionSetFindings, type Question, type QuestionSetFile } from '@meldloket/engine';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import horeca from '../../../question-sets/overlast-bedrijven-en-horeca.json';
import { ConditionExplanation } from './ConditionExplanation.tsx';
import { JsonEditor } from './JsonEditor.tsx';
import { Preview } from './Preview.tsx';
import { StructuredEditor } from './StructuredEditor.tsx';
import { fileText } from './Versions.tsx';
import './studio.css';

const NOW = new Date(2026, 10, 28, 10, 0);
const HORECA = horeca as QuestionSetFile;
const SUBCATEGORIES = [
  { slug: 'geluidsoverlast-muziek', name: 'Geluidsoverlast muziek', main_slug: 'overlast-bedrijven-en-horeca' },
  { slug: 'overlast-door-bezoekers-niet-op-terras', name: 'Overlast door bezoekers (niet op terras)', main_slug: 'overlast-bedrijven-en-horeca' },
];

/** The JSON editor as the studio draws it: the text, its findings underlined and listed. */
function EditorHarness({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const findings = questionSetFindings(text);
  return (
    <div>
      <p id="label" className="utrecht-form-label">
        De vragenlijst als JSON
      </p>
      <p id="hint" className="utrecht-form-field-description">
        Ctrl-spatie toont de mogelijke sleutels en veldtypen.
      </p>
      <JsonEditor text={text} findings={findings} onChange={setText} labelledBy="label" describedBy="hint" />
      <ul aria-label="Controle">
        {findings.map((f, i) => (
          <li key={i}>
            {f.path}: {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

const BROKEN = fileText({
  questions: [
    { key: 'a', field_type: 'radio_input', meta: { label: 'Vraag A', values: { ja: 'Ja', nee: 'Nee' }, ifOneOf: { b: 'ja' } } },
    { key: 'b', field_type: 'radio_input', meta: { label: 'Vraag B', values: { ja: 'Ja', nee: 'Nee' }, ifOneOf: { a: 'ja' } } },
    { key: 'c', field_type: 'radio_input', meta: { label: 'Vraag C' } },
  ],
});

const meta = {
  title: 'Instellingen/Vragenlijsten',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The JSON editor with a draft that has a cycle and a schema error: each finding at its JSON path. */
export const Editor: Story = {
  render: () => <EditorHarness initial={BROKEN} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const findings = canvas.getByRole('list', { name: 'Controle' });
    await expect(within(findings).getByText('/questions/2/meta: "values" ontbreekt')).toBeInTheDocument();
    await expect(within(findings).getByText(/^\/questions\/0: de zichtbaarheid hangt via een kring/)).toBeInTheDocument();
    const editor = canvas.getByRole('textbox', { name: 'De vragenlijst als JSON' });
    await waitFor(() => expect(canvasElement.querySelectorAll('.cm-lintRange-error').length).toBeGreaterThan(0));
    editor.focus();
    await expect(editor).toHaveFocus();
  },
};

/** The structured view of the same kind of draft: the questions, each to edit, move or remove, and the palette. */
export const Structured: Story = {
  render: () => {
    const [document, setDocument] = useState<QuestionSetFile>(JSON.parse(BROKEN) as QuestionSetFile);
    return <StructuredEditor document={document} onChange={setDocument} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Omhoog: Vraag B' }));
    await expect(canvas.getByRole('button', { name: 'Omlaag: Vraag B' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(canvas.getByRole('textbox', { name: /^Sleutel/ })).toHaveFocus());
  },
};

/** The live preview of Overlast bedrijven en horeca: a follow-up question appears as it is answered. */
export const LivePreview: Story = {
  render: () => <Preview document={HORECA} subcategories={SUBCATEGORIES} now={() => NOW} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = canvas.getByRole('form', { name: 'Voorbeeld' });
    await expect(within(form).queryByRole('textbox', { name: /Hoe heet het bedrijf/ })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: /horecabedrijf/ }));
    await expect(await within(form).findByRole('textbox', { name: /Hoe heet het bedrijf/ })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: 'Computer' }));
    await expect(canvas.getByTestId('studio-preview-frame')).toHaveClass('ml-studio__frame--desktop');
  },
};

const NESTED: Question = {
  key: 'c',
  field_type: 'radio_input',
  meta: { label: 'Vraag C', values: { ja: 'Ja' }, ifAllOf: { subcategory: 'put', ifOneOf: { a: 'ja', b: ['ja', 'nee'] } } },
};
const QUESTIONS: Question[] = [
  { key: 'a', field_type: 'radio_input', meta: { label: 'Vraag A', values: { ja: 'Ja', nee: 'Nee' } } },
  { key: 'b', field_type: 'radio_input', meta: { label: 'Vraag B', values: { ja: 'Ja', nee: 'Nee' } } },
  NESTED,
  { key: 'd', field_type: 'radio_input', meta: { label: 'Vraag D', values: { ja: 'Ja' }, ifOneOf: { c: 'ja' } } },
];

/** Why Vraag C is not shown: the subcategory holds, neither part of the nested ifOneOf does; Vraag D reads its answer. */
export const Explanation: Story = {
  render: () => {
    const answers: Record<string, unknown> = { subcategory: 'put', a: { id: 'nee', label: 'Nee' } };
    const explanation = explainVisibility(NESTED, (key) => answers[key], {}, QUESTIONS);
    return <ConditionExplanation explanation={explanation} labelOf={(key) => QUESTIONS.find((q) => q.key === key)?.meta.label ?? key} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Deze vraag wordt niet getoond.')).toBeInTheDocument();
    await expect(canvas.getByText(/^subcategory is put/).closest('li')).toHaveTextContent('✓ klopt');
    await expect(canvas.getByText(/^a is ja/).closest('li')).toHaveTextContent('✗ klopt niet');
    await expect(canvas.getByText('Vraag D (d)')).toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { QuestionSetFile } from '@meldloket/engine';
import horeca from '../../../question-sets/overlast-bedrijven-en-horeca.json';
import wonen from '../../../question-sets/wonen.json';
import { DEMO_QUESTION_SET } from '../fixtures/questions.ts';
import { FormHarness } from '../stories/FormHarness.tsx';

const NOW = new Date(2026, 4, 13, 14, 32);

const meta = {
  title: 'Formulier/FormRenderer',
  component: FormHarness,
  args: {
    questionSet: horeca as QuestionSetFile,
    initialAnswers: { category: 'overlast-bedrijven-en-horeca', subcategory: 'geluidsoverlast-muziek' },
    now: NOW,
    services: { now: () => NOW },
  },
} satisfies Meta<typeof FormHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Overlast bedrijven en horeca, subcategorie geluidsoverlast muziek: follow-up questions appear as you answer. */
export const HorecaMuziek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('textbox', { name: /Hoe heet het bedrijf/ })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: /horecabedrijf/ }));
    await expect(await canvas.findByRole('textbox', { name: /Hoe heet het bedrijf/ })).toBeInTheDocument();
  },
};

/** The same form after 'Volgende' with nothing answered: the summary takes focus, its links lead to the fields. */
export const FailedAttempt: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Volgende' }));
    const summary = canvas.getByRole('region', { name: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.' });
    await expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    await expect(links.length).toBeGreaterThan(0);
  },
};

/** Overlast door bezoekers: another subcategory shows other questions. */
export const HorecaBezoekers: Story = {
  args: { initialAnswers: { category: 'overlast-bedrijven-en-horeca', subcategory: 'overlast-door-bezoekers-niet-op-terras' } },
};

/** Wonen: a long form with notices that block. */
export const Wonen: Story = {
  args: { questionSet: wonen as QuestionSetFile, initialAnswers: { category: 'wonen', subcategory: 'woningkwaliteit' } },
};

/** A small form with a blocking answer: choose 'Een evenement', then 'Ja'. */
export const BlockingAnswer: Story = {
  args: { questionSet: DEMO_QUESTION_SET, initialAnswers: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Een evenement' }));
    await userEvent.click(canvas.getByRole('radio', { name: 'Ja' }));
    await expect(canvas.getByText('Bel 112 en vul dit formulier niet verder in')).toBeVisible();
  },
};

/** A filled-in form shown read-only, e.g. while it is being sent. */
export const Disabled: Story = {
  args: {
    disabled: true,
    initialAnswers: {
      category: 'overlast-bedrijven-en-horeca',
      subcategory: 'geluidsoverlast-muziek',
      dateTime: 'now',
      extra_bedrijven_horeca_frequentie: { id: 'nee', label: 'Nee' },
      extra_bedrijven_horeca_wat: { id: 'horecabedrijf', label: 'Van een café, restaurant of ander horecabedrijf' },
      extra_bedrijven_horeca_naam_bedrijf: 'Café De Hoek',
    },
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ErrorSummary } from './ErrorSummary.tsx';

const meta = {
  title: 'Formulier/ErrorSummary',
  component: ErrorSummary,
  render: (args) => (
    <>
      <ErrorSummary {...args} />
      <label className="utrecht-form-label" htmlFor="description">
        Waar gaat het om?
      </label>
      <textarea id="description" className="ml-textarea" />
    </>
  ),
  args: {
    title: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.',
    errors: [{ id: 'description', label: 'Omschrijving', message: 'Dit is een verplicht veld' }],
  },
} satisfies Meta<typeof ErrorSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OneError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Omschrijving: Dit is een verplicht veld' }));
    await expect(canvas.getByRole('textbox', { name: 'Waar gaat het om?' })).toHaveFocus();
  },
};
export const SeveralErrors: Story = {
  args: {
    errors: [
      { id: 'description', label: 'Omschrijving', message: 'U heeft meer dan de maximale 1000 tekens ingevoerd' },
      { id: 'description', label: 'Tijdstip', message: 'Vul een tijdstip uit het verleden in' },
      { id: 'description', label: 'E-mailadres', message: 'Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: naam@domein.nl' },
    ],
  },
};
export const Blocked: Story = {
  args: { errors: [{ id: 'description', message: 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.' }] },
};
/** A message of the whole form (the API's non_field_errors) beside one of a field: text, not a link. */
export const FormMessage: Story = {
  args: {
    title: 'Er is iets misgegaan',
    errors: [
      { message: 'Maximum number of 10 child Signals reached for parent Signal' },
      { id: 'description', label: 'Omschrijving', message: 'Dit is een verplicht veld' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Er is iets misgegaan' })).toHaveFocus();
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
    await expect(canvas.getByText('Maximum number of 10 child Signals reached for parent Signal')).toBeVisible();
  },
};

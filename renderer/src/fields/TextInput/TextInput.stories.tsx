import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { TextInput } from './TextInput.tsx';

const meta = {
  title: 'Velden/text_input',
  component: TextInput,
  render: (args) => <StatefulWidget widget={TextInput} {...args} />,
  args: {
    id: 'extra_parkeeroverlast',
    question: {
      key: 'extra_parkeeroverlast',
      field_type: 'text_input',
      required: false,
      meta: { label: 'Wat is het kenteken van de auto?', subtitle: 'Bijvoorbeeld 12-AB-34', maxLength: 20 },
    },
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof TextInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: '12-AB-34' } };
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { required: true, error: 'Dit veld is verplicht' } };
export const WithPlaceholder: Story = {
  args: { question: { key: 'extra_brug', field_type: 'text_input', meta: { label: 'Naam van de brug', placeholder: 'Bijvoorbeeld Magere Brug' } } },
};
export const Phone: Story = {
  args: {
    id: 'phone',
    question: { key: 'phone', field_type: 'text_input', meta: { label: 'Wat is uw telefoonnummer?', autoRemove: '[^0-9 ()+-]', maxLength: 17 } },
    value: '06 1234 5678',
  },
};
export const Email: Story = {
  args: { id: 'email', question: { key: 'email', field_type: 'text_input', meta: { label: 'Wat is uw e-mailadres?', maxLength: 100 } }, value: '' },
};
export const LongLabel: Story = {
  args: {
    question: {
      key: 'extra_lang',
      field_type: 'text_input',
      meta: {
        label: 'Weet u de naam, het adres of een andere omschrijving van het bedrijf, de vereniging of het evenement waar de overlast vandaan komt en waarmee wij het kunnen terugvinden?',
        subtitle: 'Hoe preciezer u het omschrijft, hoe sneller een medewerker van de gemeente kan gaan kijken. Een huisnummer of de naam op de gevel helpt ons het meest.',
      },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: 'Niet te wijzigen' } };

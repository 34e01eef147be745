import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { RadioInput } from './RadioInput.tsx';

const meta = {
  title: 'Velden/radio_input',
  component: RadioInput,
  render: (args) => <StatefulWidget widget={RadioInput} {...args} />,
  args: {
    id: 'extra_bedrijven_horeca_wat',
    question: {
      key: 'extra_bedrijven_horeca_wat',
      field_type: 'radio_input',
      required: true,
      meta: {
        label: 'Waar komt de overlast vandaan?',
        values: {
          horecabedrijf: 'Horecabedrijf, zoals een café, restaurant of snackbar',
          ander_soort_bedrijf: 'Ander soort bedrijf, zoals een winkel of supermarkt',
          evenement_festival_markt: 'Evenement, zoals een festival of markt',
          iets_anders: 'Iets anders',
        },
      },
    },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof RadioInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: { id: 'horecabedrijf', label: 'Horecabedrijf, zoals een café, restaurant of snackbar' } } };
export const WithError: Story = { args: { error: 'Dit veld is verplicht' } };
export const Optional: Story = { args: { required: false, question: { key: 'extra_ja_nee', field_type: 'radio_input', meta: { label: 'Gebeurt het vaker?', values: { ja: 'Ja', nee: 'Nee' } } } } };
export const WithHintAndInfo: Story = {
  args: {
    question: {
      key: 'extra_info',
      field_type: 'radio_input',
      required: true,
      meta: {
        label: 'Hoe groot is het nest?',
        subtitle: 'Kijk vanaf een veilige afstand.',
        values: { klein: { label: 'Klein', info: 'Zo groot als een tennisbal' }, groot: { label: 'Groot', info: 'Zo groot als een voetbal' } } as unknown as Record<string, string>,
      },
    },
  },
};
export const LongLabels: Story = {
  args: {
    question: {
      key: 'extra_lang',
      field_type: 'radio_input',
      required: true,
      meta: {
        label: 'Heeft u de klacht over de woning al gemeld bij de verhuurder, de eigenaar of de Vereniging van Eigenaren en heeft u daar binnen een redelijke termijn een antwoord op gekregen?',
        values: {
          ja: 'Ja, ik heb de klacht gemeld en er is niets mee gedaan, ook niet nadat ik het nog een keer heb gevraagd',
          nee: 'Nee, ik heb de klacht nog niet gemeld bij de verhuurder, de eigenaar of de Vereniging van Eigenaren',
        },
      },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: { id: 'iets_anders', label: 'Iets anders' } } };

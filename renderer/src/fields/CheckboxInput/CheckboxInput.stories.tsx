import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { CheckboxInput } from './CheckboxInput.tsx';

const meta = {
  title: 'Velden/checkbox_input',
  component: CheckboxInput,
  render: (args) => <StatefulWidget widget={CheckboxInput} {...args} />,
  args: {
    id: 'extra_bedrijven_horeca_personen',
    question: {
      key: 'extra_bedrijven_horeca_personen',
      field_type: 'checkbox_input',
      required: true,
      meta: {
        label: 'Wat ziet of hoort u?',
        subtitle: 'Kies alles wat past.',
        values: {
          dronken_bezoekers: 'Dronken bezoekers',
          schreeuwende_bezoekers: 'Schreeuwende bezoekers',
          rokende_bezoekers: 'Rokende bezoekers',
          teveel_fietsen: 'Te veel fietsen',
          wildplassen: 'Wildplassen',
          overgeven: 'Overgeven',
        },
      },
    },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof CheckboxInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: [{ id: 'dronken_bezoekers', label: 'Dronken bezoekers' }, { id: 'wildplassen', label: 'Wildplassen' }] } };
export const WithError: Story = { args: { error: 'Dit veld is verplicht' } };
export const Optional: Story = { args: { required: false } };
export const SingleCheckbox: Story = {
  args: {
    id: 'extra_afval_handhaving_owner_akkoord',
    question: { key: 'extra_afval_handhaving_owner_akkoord', field_type: 'checkbox_input', required: true, meta: { value: 'Ik vind het goed dat een medewerker mij hierover belt' } },
  },
};
export const SingleCheckboxWithLegend: Story = {
  args: {
    id: 'extra_toestemming',
    question: { key: 'extra_toestemming', field_type: 'checkbox_input', required: true, meta: { label: 'Toestemming', value: 'Ik geef toestemming om mijn gegevens door te sturen' } },
    error: 'Dit veld is verplicht',
  },
};
export const LongLabels: Story = {
  args: {
    question: {
      key: 'extra_lang',
      field_type: 'checkbox_input',
      required: true,
      meta: {
        label: 'Welke problemen ziet u bij het verkeerslicht voor voetgangers op het kruispunt waar u de melding over doet?',
        values: {
          knop: 'De drukknop werkt niet of reageert pas na heel lang wachten, ook als er geen ander verkeer is',
          geluid: 'Het geluidssignaal voor blinden en slechtzienden is niet te horen of veel te hard afgesteld',
        },
      },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: [{ id: 'overgeven', label: 'Overgeven' }] } };

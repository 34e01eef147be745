import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { SelectInput } from './SelectInput.tsx';

const meta = {
  title: 'Velden/select_input',
  component: SelectInput,
  render: (args) => <StatefulWidget widget={SelectInput} {...args} />,
  args: {
    id: 'priority',
    question: {
      key: 'priority',
      field_type: 'select_input',
      required: true,
      meta: { label: 'Urgentie', values: { high: 'Hoog', normal: 'Normaal', low: 'Laag' } },
    },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof SelectInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: { id: 'normal', label: 'Normaal' } } };
export const WithError: Story = { args: { error: 'Dit veld is verplicht' } };
export const Optional: Story = { args: { required: false, question: { key: 'source', field_type: 'select_input', meta: { label: 'Bron', subtitle: 'Waar komt de melding vandaan?', values: { online: 'Online', telefoon: 'Telefoon' } } } } };
export const LongLabels: Story = {
  args: {
    question: {
      key: 'extra_lang',
      field_type: 'select_input',
      required: true,
      meta: {
        label: 'In welke periode van het jaar of op welk moment van de week heeft u de overlast het vaakst of het meest hinderlijk ervaren?',
        values: { a: 'Vooral in de zomermaanden, op warme avonden in het weekend', b: 'Het hele jaar door, op doordeweekse dagen tijdens kantoortijden' },
      },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: { id: 'low', label: 'Laag' } } };

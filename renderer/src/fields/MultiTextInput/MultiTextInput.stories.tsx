import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { MultiTextInput } from './MultiTextInput.tsx';

const meta = {
  title: 'Velden/multi_text_input',
  component: MultiTextInput,
  render: (args) => <StatefulWidget widget={MultiTextInput} {...args} />,
  args: {
    id: 'extra_container_nummer',
    question: {
      key: 'extra_container_nummer',
      field_type: 'multi_text_input',
      required: false,
      meta: { label: 'Wat is het nummer van de container?', subtitle: 'Het nummer staat op een sticker aan de voorkant.', newItemText: 'Voeg een extra nummer toe' },
    },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof MultiTextInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: ['12.345', '67,890'] } };
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { required: true, error: 'Dit veld is verplicht' } };
export const LongLabel: Story = {
  args: {
    question: {
      key: 'extra_lang',
      field_type: 'multi_text_input',
      meta: { label: 'Wat zijn de nummers van de lantaarnpalen, verkeerslichten of andere objecten die het probleem veroorzaken of waar het probleem bij in de buurt is?' },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: ['123'] } };

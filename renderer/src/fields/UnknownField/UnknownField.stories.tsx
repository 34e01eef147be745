import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { UnknownField } from './UnknownField.tsx';

const meta = {
  title: 'Velden/Onbekend veldtype',
  component: UnknownField,
  args: {
    id: 'raar',
    question: { key: 'raar', field_type: 'bogus_input' as 'text_input', meta: { label: 'Een vraag met een onbekend type' } },
    value: undefined,
    onChange: fn(),
  },
} satisfies Meta<typeof UnknownField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownFieldType: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MapFallback, UnknownField } from './MapFallback.tsx';

const meta = {
  title: 'Velden/Kaartvelden (terugval)',
  component: MapFallback,
  args: {
    id: 'locatie',
    question: { key: 'locatie', field_type: 'location_select', required: true, meta: { label: 'Waar is het?' } },
    value: undefined,
    onChange: fn(),
  },
} satisfies Meta<typeof MapFallback>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LocationSelect: Story = {};
export const WithError: Story = { args: { error: 'Dit veld is verplicht' } };
export const UnknownFieldType: Story = {
  render: (args) => <UnknownField {...args} />,
  args: { question: { key: 'raar', field_type: 'bogus_input' as 'text_input', meta: { label: 'Een vraag met een onbekend type' } } },
};

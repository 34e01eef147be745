import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { ExampleSelector, EXAMPLE_LOCATION } from '../LocationSelect/ExampleSelector.tsx';
import { MapServicesProvider } from '../LocationSelect/index.ts';
import { StreetlightSelect } from './StreetlightSelect.tsx';

const meta = {
  title: 'Velden/streetlight_select',
  component: StreetlightSelect,
  decorators: [(Story) => <MapServicesProvider value={{ Selector: ExampleSelector }}>{Story()}</MapServicesProvider>],
  render: (args) => <StatefulWidget widget={StreetlightSelect} {...args} />,
  args: {
    id: 'extra_streetlight',
    question: { key: 'extra_streetlight', field_type: 'streetlight_select', required: true, meta: { label: 'Om welk lichtpunt gaat het?' } },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof StreetlightSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithLocation: Story = { args: { value: { location: EXAMPLE_LOCATION } } };
export const WithObject: Story = {
  args: {
    value: {
      location: EXAMPLE_LOCATION,
      selection: [{ id: '100012', type: '5', description: 'Grachtmast', label: 'Grachtmast - 100012', coordinates: EXAMPLE_LOCATION.coordinates, address: EXAMPLE_LOCATION.address }],
    },
  },
};
export const WithError: Story = { args: { error: 'Kies een locatie of een object op de kaart of vul een adres in' } };

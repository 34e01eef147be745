import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { ExampleSelector, EXAMPLE_LOCATION } from './ExampleSelector.tsx';
import { LocationSelect } from './LocationSelect.tsx';
import { MapServicesProvider } from './mapServices.tsx';

const meta = {
  title: 'Velden/location_select',
  component: LocationSelect,
  decorators: [(Story) => <MapServicesProvider value={{ Selector: ExampleSelector }}>{Story()}</MapServicesProvider>],
  render: (args) => <StatefulWidget widget={LocationSelect} {...args} />,
  args: {
    id: 'locatie',
    question: { key: 'locatie', field_type: 'location_select', required: true, meta: { label: 'Waar is het?', subtitle: 'Typ het adres of kies de plek op de kaart.' } },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof LocationSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithAddress: Story = { args: { value: { location: EXAMPLE_LOCATION } } };
export const PinnedWithoutAddress: Story = { args: { value: { location: { coordinates: { lat: 52.37, lng: 4.9 } } } } };
export const WithError: Story = { args: { error: 'Kies een locatie of een object op de kaart of vul een adres in' } };
export const Disabled: Story = { args: { disabled: true } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FieldType } from '@meldloket/engine';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { ExampleSelector, EXAMPLE_LOCATION } from '../LocationSelect/ExampleSelector.tsx';
import { MapServicesProvider } from '../LocationSelect/index.ts';
import { MapObjectSelect } from './MapObjectSelect.tsx';
import { MAP_OBJECT_EXAMPLES } from './examples.ts';

/** The story of a field type: its example question of the table, empty. */
function ofType(type: FieldType) {
  const { question } = MAP_OBJECT_EXAMPLES.find((example) => example.type === type)!;
  return { args: { id: question.key, question } };
}

const meta = {
  title: 'Velden/MapObjectSelect',
  component: MapObjectSelect,
  decorators: [(Story) => <MapServicesProvider value={{ Selector: ExampleSelector }}>{Story()}</MapServicesProvider>],
  render: (args) => <StatefulWidget widget={MapObjectSelect} {...args} />,
  args: { ...ofType('streetlight_select').args, value: undefined, onChange: fn(), onBlur: fn() },
} satisfies Meta<typeof MapObjectSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

// one story per field type (storybook reads a story from a named export, so each type is named here once)
export const AssetSelect: Story = ofType('asset_select');
export const CaterpillarSelect: Story = ofType('caterpillar_select');
export const ClockSelect: Story = ofType('clock_select');
export const StreetlightSelect: Story = ofType('streetlight_select');
export const MapInput: Story = ofType('map_input');

// the states are the one widget's, whatever the type
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

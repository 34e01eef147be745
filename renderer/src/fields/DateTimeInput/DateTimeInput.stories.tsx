import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RendererServicesProvider } from '../../context.tsx';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { DateTimeInput } from './DateTimeInput.tsx';

const NOW = new Date(2026, 4, 13, 14, 32);

const meta = {
  title: 'Velden/date_time_input',
  component: DateTimeInput,
  render: (args) => (
    <RendererServicesProvider value={{ now: () => NOW }}>
      <StatefulWidget widget={DateTimeInput} {...args} />
    </RendererServicesProvider>
  ),
  args: {
    id: 'dateTime',
    question: { key: 'dateTime', field_type: 'date_time_input', required: true, meta: { label: 'Wanneer gebeurde het?' } },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof DateTimeInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Now: Story = { args: { value: 'now' } };
export const Earlier: Story = { args: { value: new Date(2026, 4, 11, 21, 45).getTime() } };
export const WithError: Story = { args: { value: new Date(2026, 4, 13, 18, 0).getTime(), error: 'Vul een tijdstip uit het verleden in' } };
export const Optional: Story = {
  args: { question: { key: 'dateTime', field_type: 'date_time_input', required: false, meta: { label: 'Wanneer was het?', subtitle: 'Weet u het niet precies? Kies dan ongeveer.' } } },
};
export const LongLabel: Story = {
  args: {
    question: {
      key: 'dateTime',
      field_type: 'date_time_input',
      required: true,
      meta: { label: 'Op welke dag en rond welk tijdstip heeft u de overlast voor het laatst gezien, gehoord of geroken, ook als het maar heel kort was?' },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: new Date(2026, 4, 12, 9, 0).getTime() } };

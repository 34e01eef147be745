import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { EmphasisCheckboxInput } from './EmphasisCheckboxInput.tsx';

const meta = {
  title: 'Velden/emphasis_checkbox_input',
  component: EmphasisCheckboxInput,
  render: (args) => <StatefulWidget widget={EmphasisCheckboxInput} {...args} />,
  args: {
    id: 'sharing_allowed',
    question: {
      key: 'sharing_allowed',
      field_type: 'emphasis_checkbox_input',
      required: false,
      meta: { value: 'Ja, ik geef de gemeente toestemming om mijn melding door te sturen naar andere organisaties als de melding niet voor de gemeente is bedoeld.' },
    },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof EmphasisCheckboxInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: { label: 'Ja', value: true } } };
export const WithLegend: Story = {
  args: {
    question: { key: 'sharing_allowed', field_type: 'emphasis_checkbox_input', meta: { label: 'Melding delen', subtitle: 'Wij delen nooit uw contactgegevens.', value: 'Ja, ik geef toestemming' } },
  },
};
export const WithError: Story = {
  args: { question: { key: 'akkoord', field_type: 'emphasis_checkbox_input', required: true, meta: { value: 'Ik heb de gegevens gecontroleerd' } }, error: 'Dit veld is verplicht' },
};
export const Disabled: Story = { args: { disabled: true } };
export const LongLabel: Story = {
  args: {
    question: {
      key: 'extra_afval_handhaving_owner',
      field_type: 'emphasis_checkbox_input',
      required: true,
      meta: {
        value:
          'Ik begrijp dat een medewerker van de gemeente mij kan bellen om de melding te bespreken, en dat mijn telefoonnummer alleen voor deze melding wordt gebruikt en daarna niet wordt bewaard.',
      },
    },
  },
};

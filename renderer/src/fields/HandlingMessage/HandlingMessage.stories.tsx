import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RendererServicesProvider } from '../../context.tsx';
import { HandlingMessage } from './HandlingMessage.tsx';

const meta = {
  title: 'Velden/handling_message',
  component: HandlingMessage,
  args: {
    id: 'handling_message',
    question: { key: 'handling_message', field_type: 'handling_message', meta: { label: 'Wat doen we met uw melding?' } },
    value: undefined,
    onChange: fn(),
  },
} satisfies Meta<typeof HandlingMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CategoryMessage: Story = {
  render: (args) => (
    <RendererServicesProvider value={{ handlingMessage: 'Wij beoordelen uw melding binnen 3 werkdagen.\n\nU krijgt een e-mail als wij klaar zijn.' }}>
      <HandlingMessage {...args} />
    </RendererServicesProvider>
  ),
};
export const Fallback: Story = {};

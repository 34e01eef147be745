import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RendererServicesProvider } from '../../context.tsx';
import { PlainText } from './PlainText.tsx';

const meta = {
  title: 'Velden/plain_text',
  component: PlainText,
  args: {
    id: 'notice',
    question: { key: 'notice', field_type: 'plain_text', meta: { type: 'info', value: 'Uw contactgegevens geven wij **niet** door aan het bedrijf.' } },
    value: undefined,
    onChange: fn(),
  },
} satisfies Meta<typeof PlainText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const Alert: Story = {
  args: { question: { key: 'gevaar', field_type: 'plain_text', meta: { type: 'alert', value: 'Bel 112 en vul dit formulier niet verder in' } } },
};
export const Caution: Story = {
  args: {
    question: {
      key: 'verhuurder',
      field_type: 'plain_text',
      meta: {
        type: 'caution',
        value: 'Meld uw klacht eerst bij de verhuurder, eigenaar of VvE. Krijgt u geen antwoord of wordt de klacht niet verholpen, vul dan dit formulier in.',
      },
    },
  },
};
export const Plain: Story = {
  args: { question: { key: 'tekst', field_type: 'plain_text', meta: { value: ['Op [de kaart](/meldingenkaart) ziet u meldingen in de buurt.', 'Een tweede alinea met uitleg.'] } } },
};
export const WithTitleAndPlaceholders: Story = {
  render: (args) => (
    <RendererServicesProvider value={{ incident: { location: { address: { openbare_ruimte: 'Oudezijds Achterburgwal' } } } }}>
      <PlainText {...args} />
    </RendererServicesProvider>
  ),
  args: {
    question: {
      key: 'adres',
      field_type: 'plain_text',
      meta: { type: 'info', label: 'Uw locatie', value: 'Straat: {incident.location.address.openbare_ruimte}, huisnummer: {incident.location.address.huisnummer}' },
    },
  },
};

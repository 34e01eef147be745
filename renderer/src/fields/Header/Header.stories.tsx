import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Header } from './Header.tsx';

const meta = {
  title: 'Velden/header',
  component: Header,
  args: { id: 'kop', question: { key: 'kop', field_type: 'header', meta: { label: 'Over de boot' } }, value: undefined, onChange: fn() },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithSubtitle: Story = { args: { question: { key: 'kop', field_type: 'header', meta: { label: 'Over de boot', subtitle: 'Beantwoord de vragen zo goed als u kunt.' } } } };
export const LongLabel: Story = {
  args: { question: { key: 'kop', field_type: 'header', meta: { label: 'Vragen over de woning, de bewoners, de verhuurder en de periode waarin de situatie zich voordoet' } } },
};

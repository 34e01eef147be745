import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RendererServicesProvider } from '../../context.tsx';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { FileInput, type FileValue } from './FileInput.tsx';

function swatch(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const photos: FileValue[] = [
  { id: 'p1', name: 'losse-tegel.jpg', type: 'image/jpeg', size: 812_000, url: swatch('#7a8b99') },
  { id: 'p2', name: 'gat-in-weg.png', type: 'image/png', size: 1_204_000, url: swatch('#4f6d3a') },
];

const meta = {
  title: 'Velden/file_input',
  component: FileInput,
  render: (args) => <StatefulWidget widget={FileInput} {...args} />,
  args: {
    id: 'images',
    question: { key: 'images', field_type: 'file_input', required: false, meta: { label: "Foto's toevoegen", subtitle: "Voeg een foto toe om de situatie te verduidelijken. U kunt maximaal 3 foto's toevoegen." } },
    value: undefined,
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof FileInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: photos } };
export const Uploading: Story = {
  args: { value: photos },
  render: (args) => (
    <RendererServicesProvider value={{ uploadProgress: { p1: 1, p2: 0.35 } }}>
      <StatefulWidget widget={FileInput} {...args} />
    </RendererServicesProvider>
  ),
};
export const UploadFailed: Story = {
  args: { value: photos.slice(0, 1) },
  render: (args) => (
    <RendererServicesProvider value={{ uploadProgress: { p1: 0.6 }, uploadFailed: { p1: true } }}>
      <StatefulWidget widget={FileInput} {...args} />
    </RendererServicesProvider>
  ),
};
export const WithError: Story = { args: { error: 'Dit bestandstype wordt niet ondersteund. Toegestaan zijn: jpeg, jpg, png, gif.' } };
export const Required: Story = {
  args: { required: true, question: { key: 'extra_foto', field_type: 'file_input', required: true, meta: { label: 'Foto van de schade', maxNumberOfFiles: 1 } } },
};
export const Disabled: Story = { args: { disabled: true, value: photos } };
export const LongLabel: Story = {
  args: {
    question: {
      key: 'extra_fotos',
      field_type: 'file_input',
      meta: {
        label: "Heeft u foto's van de situatie, bijvoorbeeld van de schade aan de weg, het afval naast de container of de plek waar het water niet wegloopt?",
        subtitle: "Foto's helpen ons de melding sneller op te pakken. Zorg dat er geen mensen of kentekens herkenbaar op staan.",
      },
    },
  },
};

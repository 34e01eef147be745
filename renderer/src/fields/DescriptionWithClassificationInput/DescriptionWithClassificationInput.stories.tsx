import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { RendererServicesProvider, type SubcategoryOption } from '../../context.tsx';
import { StatefulWidget, type StoryArgs } from '../../stories/StatefulWidget.tsx';
import type { Widget } from '../../types.ts';
import { DescriptionWithClassificationInput } from './DescriptionWithClassificationInput.tsx';

const subcategories: SubcategoryOption[] = [
  { id: 'grofvuil', name: 'Grofvuil', group: 'Afval' },
  { id: 'huisafval', name: 'Huisafval', group: 'Afval' },
  { id: 'container-is-vol', name: 'Container is vol', group: 'Afval' },
  { id: 'boom', name: 'Boom', group: 'Openbaar groen en water' },
  { id: 'eikenprocessierups', name: 'Eikenprocessierups', group: 'Openbaar groen en water' },
  { id: 'straatverlichting', name: 'Lantaarnpaal straatverlichting', group: 'Wegen, verkeer, straatmeubilair' },
];

/** Classifies like a tiny predictor: the first subcategory whose name occurs in the text. */
function ClassifyingStory(args: StoryArgs<string> & { widget: Widget; subcategoryError?: string; initialSuggestion?: string }) {
  const [selected, setSelected] = useState<string | null>(args.initialSuggestion ?? null);
  const [suggestion, setSuggestion] = useState<SubcategoryOption | null>(subcategories.find((option) => option.id === args.initialSuggestion) ?? null);
  return (
    <RendererServicesProvider
      value={{
        classification: {
          subcategories,
          selected,
          onSelect: setSelected,
          suggestion,
          error: args.subcategoryError,
          onClassify: (text) => {
            const found = subcategories.find((option) => text.toLowerCase().includes(option.name.toLowerCase()));
            setSuggestion(found ?? null);
            if (found) setSelected(found.id);
          },
        },
      }}
    >
      <StatefulWidget {...args} />
    </RendererServicesProvider>
  );
}

const meta = {
  title: 'Velden/description_with_classification_input',
  component: DescriptionWithClassificationInput,
  render: (args) => <ClassifyingStory widget={DescriptionWithClassificationInput} {...args} />,
  args: {
    id: 'description',
    question: { key: 'description', field_type: 'description_with_classification_input', required: true, meta: { label: 'Waar gaat het om?' } },
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof DescriptionWithClassificationInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const FilledWithSuggestion: Story = {
  render: (args) => <ClassifyingStory widget={DescriptionWithClassificationInput} {...args} initialSuggestion="grofvuil" />,
  args: { value: 'Er staat grofvuil naast de container op de hoek.' },
};
export const WithErrors: Story = {
  render: (args) => <ClassifyingStory widget={DescriptionWithClassificationInput} {...args} subcategoryError="Dit veld is verplicht" />,
  args: { value: '', error: 'Dit is een verplicht veld' },
};
export const TooLong: Story = {
  args: { value: 'Lange omschrijving. '.repeat(52), error: 'U heeft meer dan de maximale 1000 tekens ingevoerd' },
};
export const WithoutClassification: Story = { render: (args) => <StatefulWidget widget={DescriptionWithClassificationInput} {...args} /> };
export const Disabled: Story = { args: { disabled: true, value: 'Losse stoeptegel' } };
export const LongLabel: Story = {
  args: {
    question: {
      key: 'description',
      field_type: 'description_with_classification_input',
      required: true,
      meta: {
        label: 'Beschrijf zo precies mogelijk wat er aan de hand is, waar het probleem zich bevindt en sinds wanneer u het ziet',
        subtitle: 'Noem geen namen, telefoonnummers of e-mailadressen in deze omschrijving. Die vragen wij in stap 3.',
      },
    },
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StatefulWidget } from '../../stories/StatefulWidget.tsx';
import { TextareaInput } from './TextareaInput.tsx';

const meta = {
  title: 'Velden/textarea_input',
  component: TextareaInput,
  render: (args) => <StatefulWidget widget={TextareaInput} {...args} />,
  args: {
    id: 'extra_afval',
    question: {
      key: 'extra_afval',
      field_type: 'textarea_input',
      required: false,
      meta: { label: 'Waar ligt het afval precies?', subtitle: 'Bijvoorbeeld: naast de glasbak bij de ingang van het park' },
    },
    value: '',
    onChange: fn(),
    onBlur: fn(),
  },
} satisfies Meta<typeof TextareaInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { value: 'Naast de glasbak bij de ingang van het park liggen drie zakken huisvuil.' } };
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { required: true, value: '   ', error: 'Dit is een verplicht veld' } };
export const TooLong: Story = {
  args: {
    question: { key: 'extra_kort', field_type: 'textarea_input', meta: { label: 'Korte toelichting', maxLength: 40 } },
    value: 'Deze toelichting is langer dan de veertig tekens die zijn toegestaan.',
    error: 'U heeft meer dan de maximale 40 tekens ingevoerd',
  },
};
export const GrownToFifteenRows: Story = {
  args: { value: Array.from({ length: 20 }, (_, index) => `Regel ${index + 1}`).join('\n') },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox');
    await expect(area).toHaveAttribute('rows', '15');
    await expect(textHeight(area)).toBe(15 * 22);
  },
};
/** The height of the text lines of a text area, without padding and border. */
function textHeight(area: HTMLElement): number {
  const style = getComputedStyle(area);
  return area.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
}

/** Typing past five lines grows the area line by line (22 px rows). */
export const GrowsWhileTyping: Story = {
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox');
    await expect(area).toHaveAttribute('rows', '5');
    await expect(textHeight(area)).toBe(5 * 22);
    await userEvent.type(area, '1{enter}2{enter}3{enter}4{enter}5{enter}6{enter}7');
    await expect(area).toHaveAttribute('rows', '7');
    await expect(textHeight(area)).toBe(7 * 22);
    await expect(within(canvasElement).getAllByText('13/1000 tekens')[0]).toBeVisible();
  },
};
export const LongLabel: Story = {
  args: {
    question: {
      key: 'extra_lang',
      field_type: 'textarea_input',
      meta: {
        label: 'Kunt u zo precies mogelijk beschrijven wat u heeft gezien, wanneer het begon, hoe vaak het voorkomt en wie er volgens u bij betrokken zijn?',
        subtitle: 'Noem geen namen van buren of andere bewoners. Beschrijf liever wat u ziet en hoort, zodat een medewerker gericht kan gaan kijken.',
      },
    },
  },
};
export const Disabled: Story = { args: { disabled: true, value: 'Al verstuurd' } };

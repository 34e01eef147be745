import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { HiddenInput } from './HiddenInput.tsx';

/** Shows the answer the hidden input wrote, since the input itself shows nothing. */
function Written({ value }: { value: unknown }) {
  const [answer, setAnswer] = useState<unknown>(undefined);
  return (
    <>
      <HiddenInput id="source" question={{ key: 'source', field_type: 'hidden_input', meta: { value } }} value={answer} onChange={setAnswer} />
      <p className="utrecht-paragraph">
        Opgeslagen antwoord voor <code>source</code>: <output>{JSON.stringify(answer)}</output>
      </p>
    </>
  );
}

const meta = {
  title: 'Velden/hidden_input',
  component: Written,
  args: { value: 'online' },
} satisfies Meta<typeof Written>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WritesOnMount: Story = {};
export const ObjectValue: Story = { args: { value: { id: 'online', label: 'Online' } } };

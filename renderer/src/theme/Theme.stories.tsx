import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { DEMO_QUESTION_SET } from '../fixtures/questions.ts';
import { FormHarness } from '../stories/FormHarness.tsx';

/** Shows a form in the default look and in another municipality's colours and font, changed by tokens only. */
function ThemeComparison({ tokens }: { tokens: Record<string, string> }) {
  return (
    <div style={{ display: 'grid', gap: '2rem', gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))' }}>
      <section className="ml-theme" aria-labelledby="standaard">
        <h2 id="standaard" className="utrecht-heading-2">
          Standaard
        </h2>
        <FormHarness questionSet={DEMO_QUESTION_SET} initialSubmitCount={1} />
      </section>
      <section className="ml-theme" style={tokens as CSSProperties} aria-labelledby="eigen">
        <h2 id="eigen" className="utrecht-heading-2">
          Eigen huisstijl
        </h2>
        <span className="ml-logo" role="img" aria-label="Logo van de gemeente" />
        <FormHarness questionSet={DEMO_QUESTION_SET} idPrefix="huisstijl-" />
      </section>
    </div>
  );
}

const logo = `url("data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48"><rect width="48" height="48" fill="#7a1232"/><text x="56" y="32" font-family="Georgia" font-size="15" fill="#7a1232">Gemeente</text></svg>',
)}")`;

const meta = {
  title: 'Thema/Huisstijl',
  component: ThemeComparison,
  args: {
    tokens: {
      '--ml-color-primary': '#7a1232',
      '--ml-color-primary-hover': '#5a0d25',
      '--ml-color-focus': '#f9c846',
      '--ml-font-family': 'Georgia, "Times New Roman", serif',
      '--ml-logo-url': logo,
    },
  },
} satisfies Meta<typeof ThemeComparison>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EigenKleurenEnLetter: Story = {};

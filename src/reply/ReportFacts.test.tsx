import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportFacts } from './ReportFacts.tsx';

/** The facts as a person reads them: each term with its value. */
const facts = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('ReportFacts', () => {
  it('lists the number and the reported date, and the category as sub (main) when given', () => {
    const { rerender } = render(<ReportFacts number="SIG-42" reportedOn="01 mei" />);
    expect(facts()).toEqual([
      ['Nummer:', 'SIG-42'],
      ['Gemeld op:', '01 mei'],
    ]);
    rerender(<ReportFacts number="SIG-42" reportedOn="01-05-2026 10:00" category={{ main: 'Afval', sub: 'Grofvuil' }} />);
    expect(facts()).toEqual([
      ['Nummer:', 'SIG-42'],
      ['Gemeld op:', '01-05-2026 10:00'],
      ['Categorie:', 'Grofvuil (Afval)'],
    ]);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeading } from './Heading.tsx';

describe('PageHeading', () => {
  it('leaves focus alone on the first page of a visit, then moves it to the heading of every next page', () => {
    const first = render(<PageHeading>Beschrijf uw melding</PageHeading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).not.toHaveFocus();
    first.unmount();

    render(<PageHeading>Locatie en vragen</PageHeading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Locatie en vragen' })).toHaveFocus();
  });
});

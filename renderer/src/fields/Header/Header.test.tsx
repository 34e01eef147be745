import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from './Header.tsx';

describe('Header', () => {
  it('renders the group heading and its subtitle', () => {
    render(<Header id="kop" question={{ key: 'kop', field_type: 'header', meta: { label: 'Over de boot', subtitle: 'Vragen over het vaartuig' } }} value={undefined} onChange={() => {}} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Over de boot' })).toBeInTheDocument();
    expect(screen.getByText('Vragen over het vaartuig')).toBeInTheDocument();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './index.ts';

describe('confirm modal', () => {
  it("offers 'Annuleer' and 'Bevestig' by default and reports the choice", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmModal open title="Melding verwijderen?" message="Dit kan niet ongedaan worden." onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Melding verwijderen?' });
    expect(dialog).toHaveAccessibleDescription('Dit kan niet ongedaan worden.');
    await userEvent.click(screen.getByRole('button', { name: 'Annuleer' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Bevestig' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('uses the labels it is given', () => {
    render(<ConfirmModal open title="Doorgaan?" confirmLabel="Ja" cancelLabel="Nee" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Ja' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nee' })).toBeInTheDocument();
  });

  it('is not shown while closed', () => {
    render(<ConfirmModal open={false} title="Doorgaan?" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts on the confirming button when asked, and reports a close without a choice (Escape) as a dismissal', () => {
    const onDismiss = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmModal open title="Verder?" confirmLabel="Verder" cancelLabel="Opnieuw" focusConfirm onConfirm={() => {}} onCancel={onCancel} onDismiss={onDismiss} />);
    expect(screen.getByRole('button', { name: 'Verder' })).toHaveFocus();
    fireEvent(screen.getByRole('dialog', { name: 'Verder?' }), new Event('close'));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });
});

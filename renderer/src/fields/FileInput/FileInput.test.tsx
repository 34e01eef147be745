import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { RendererServicesProvider, type RendererServices } from '../../context.tsx';
import { FileInput, type FileValue } from './FileInput.tsx';

const question: Question = { key: 'images', field_type: 'file_input', meta: { label: "Foto's toevoegen", subtitle: 'Voeg een foto toe om de situatie te verduidelijken.' } };

function photo(name: string, kib: number, type = 'image/jpeg'): File {
  return new File([new Uint8Array(kib * 1024)], name, { type });
}

function Harness({ q = question, services = {}, initial }: { q?: Question; services?: RendererServices; initial?: FileValue[] }) {
  const [value, setValue] = useState<FileValue[] | undefined>(initial);
  return (
    <RendererServicesProvider value={services}>
      <FileInput id="images" question={q} value={value} onChange={setValue} />
    </RendererServicesProvider>
  );
}

const user = () => userEvent.setup({ applyAccept: false });

describe('FileInput', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:${(blob as File).name}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    // jsdom has neither; remove the stand-ins again
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
  });

  it('accepts photos of the allowed types and shows a preview with a remove button each', async () => {
    render(<Harness />);
    const input = screen.getByLabelText("Foto's toevoegen (niet verplicht)");
    expect(input).toHaveAccessibleDescription('Voeg een foto toe om de situatie te verduidelijken.');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/jpg,image/png,image/gif');
    await user().upload(input, [photo('gat.jpg', 40), photo('tegel.png', 50, 'image/png')]);
    expect(screen.getByRole('img', { name: 'gat.jpg' })).toHaveAttribute('src', 'blob:gat.jpg');
    expect(screen.getByRole('img', { name: 'tegel.png' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Verwijder foto gat.jpg' }));
    expect(screen.queryByRole('img', { name: 'gat.jpg' })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:gat.jpg');
    expect(input).toHaveFocus();
  });

  it('refuses a fourth photo with the Dutch message', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Foto's toevoegen/);
    await user().upload(input, [photo('1.jpg', 40), photo('2.jpg', 40), photo('3.jpg', 40), photo('4.jpg', 40)]);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(input).toHaveAccessibleDescription(/Invoerfout: U kunt maximaal 3 bestanden uploaden/);
  });

  it('refuses a file of another type', async () => {
    render(<Harness />);
    await user().upload(screen.getByLabelText(/Foto's toevoegen/), [photo('brief.pdf', 40, 'application/pdf')]);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Dit bestandstype wordt niet ondersteund. Toegestaan zijn: jpeg, jpg, png, gif.')).toBeInTheDocument();
  });

  it('says a refusal at once (a live region) and describes the photo control by it; the same refusal twice is said twice', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Foto's toevoegen/);
    const live = screen.getByRole('alert');
    expect(live).toBeEmptyDOMElement();
    await user().upload(input, [photo('brief.pdf', 40, 'application/pdf')]);
    const said = live.firstElementChild;
    expect(live).toHaveTextContent('Invoerfout: Dit bestandstype wordt niet ondersteund. Toegestaan zijn: jpeg, jpg, png, gif.');
    expect(input).toHaveAccessibleDescription(/Invoerfout: Dit bestandstype wordt niet ondersteund/);
    await user().upload(input, [photo('brief.pdf', 40, 'application/pdf')]);
    // a new node in the live region: read out again
    expect(live.firstElementChild).not.toBe(said);
    await user().upload(input, [photo('klein.jpg', 10)]);
    expect(live).toHaveTextContent(/Invoerfout: Dit bestand is te klein/);
    expect(input).toHaveAccessibleDescription(/Dit bestand is te klein/);
  });

  it('refuses photos under 30 KiB and over 20 MiB', async () => {
    render(<Harness />);
    const input = screen.getByLabelText(/Foto's toevoegen/);
    await user().upload(input, [photo('klein.jpg', 10)]);
    expect(screen.getByText(/^Dit bestand is te klein\. De minimale bestandsgrootte is 30 kB\.$/)).toBeInTheDocument();
    await user().upload(input, [photo('groot.jpg', 21 * 1024)]);
    expect(screen.getByText(/^Dit bestand is te groot\. De maximale bestandsgrootte is 20 MB\.$/)).toBeInTheDocument();
  });

  it('reads the maximum from the question', async () => {
    render(<Harness q={{ ...question, meta: { ...question.meta, maxNumberOfFiles: 1 } }} />);
    const input = screen.getByLabelText(/Foto's toevoegen/);
    expect(input).not.toHaveAttribute('multiple');
    await user().upload(input, [photo('1.jpg', 40)]);
    await user().upload(input, [photo('2.jpg', 40)]);
    expect(screen.getByText('U kunt maximaal 1 bestanden uploaden')).toBeInTheDocument();
  });

  it('shows a progress bar per photo while uploading and the failure message', () => {
    const initial: FileValue[] = [
      { id: 'a', name: 'a.jpg', type: 'image/jpeg', size: 40_000, url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      { id: 'b', name: 'b.jpg', type: 'image/jpeg', size: 40_000, url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
    ];
    render(<Harness initial={initial} services={{ uploadProgress: { a: 0.4, b: 1 }, uploadFailed: { b: true } }} />);
    expect(screen.getByRole('progressbar', { name: 'Foto a.jpg wordt verstuurd' })).toHaveAttribute('value', '0.4');
    expect(screen.queryByRole('progressbar', { name: /b\.jpg/ })).not.toBeInTheDocument();
    expect(screen.getByText('Het uploaden van de foto is niet gelukt')).toBeInTheDocument();
  });
});

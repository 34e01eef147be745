import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressSearch } from './AddressSearch.tsx';
import { SUGGEST_DEBOUNCE_MS, type AddressSuggestion } from './services/index.ts';

const dam = (n: number): AddressSuggestion => ({
  id: `adr-${n}`,
  label: `Dam ${n}, 1012JS Amsterdam`,
  address: { openbare_ruimte: 'Dam', huisnummer: n, postcode: '1012JS', woonplaats: 'Amsterdam' },
  coordinates: { lat: 52.373, lng: 4.893 },
});

function setup(search = vi.fn(async (_text: string, _signal: AbortSignal) => [dam(1), dam(2), dam(3)])) {
  const onSelect = vi.fn();
  const onClear = vi.fn();
  render(<AddressSearch search={search} onSelect={onSelect} onClear={onClear} />);
  const box = screen.getByRole('combobox', { name: 'Zoek op adres of postcode' });
  return { box, search, onSelect, onClear, user: userEvent.setup() };
}

describe('AddressSearch', () => {
  it('has the label and placeholder of the spec', () => {
    const { box } = setup();
    expect(box).toHaveAttribute('placeholder', 'Adres of postcode');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches only from 3 characters, once, after typing stops', async () => {
    // the component's clock, so 'after typing stops' is exact and a slow machine typing slowly changes nothing
    vi.useFakeTimers();
    const { box, search } = setup();
    const typeText = (value: string) => fireEvent.input(box, { target: { value } });
    typeText('D');
    typeText('Da');
    act(() => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS * 3));
    expect(search).not.toHaveBeenCalled();
    for (const value of ['Dam', 'Dam ', 'Dam 1']) {
      typeText(value);
      act(() => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1));
    }
    // each key came within the pause after the one before: nothing asked yet
    expect(search).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0][0]).toBe('Dam 1');
    await act(async () => {});
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('picks a suggestion with the arrow keys and Enter', async () => {
    const { box, onSelect, user } = setup();
    await user.type(box, 'Dam');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2].id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(dam(3));
    expect(box).toHaveValue('Dam 3, 1012JS Amsterdam');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks a suggestion with the mouse', async () => {
    const { box, onSelect, user } = setup();
    await user.type(box, 'Dam');
    await user.click(await screen.findByRole('option', { name: 'Dam 2, 1012JS Amsterdam' }));
    expect(onSelect).toHaveBeenCalledWith(dam(2));
  });

  it('closes the list on Escape and when leaving the field', async () => {
    const { box, user } = setup();
    await user.type(box, 'Dam');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.tab();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clears the field and the search with the clear button', async () => {
    const { box, onClear, user } = setup();
    await user.type(box, 'Dam');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('button', { name: 'Input verwijderen' }));
    expect(box).toHaveValue('');
    expect(onClear).toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says when the address is unknown', async () => {
    const { box, user } = setup(vi.fn(async () => []));
    await user.type(box, 'Nergensstraat');
    expect(await screen.findByText('Wij kennen dit adres niet. Probeer het opnieuw.')).toBeVisible();
    expect(box).toHaveAccessibleDescription('Wij kennen dit adres niet. Probeer het opnieuw.');
  });

  it('says when the addresses could not be fetched', async () => {
    const { box, user } = setup(vi.fn(async () => Promise.reject(new Error('HTTP 500'))));
    await user.type(box, 'Dam');
    expect(await screen.findByRole('alert')).toHaveTextContent('De adressen konden niet worden opgehaald.');
  });

  it('aborts the previous search when typing on', async () => {
    const signals: AbortSignal[] = [];
    // the first search is still under way when typing goes on: it never answers by itself
    const search = vi.fn((_t: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<AddressSuggestion[]>(() => {});
    });
    const { box, user } = setup(search);
    await user.type(box, 'Dam');
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    await user.type(box, ' 1');
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    expect(signals[0].aborted).toBe(true);
  });
});

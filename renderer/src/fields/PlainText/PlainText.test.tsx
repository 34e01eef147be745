import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '@meldloket/engine';
import { RendererServicesProvider } from '../../context.tsx';
import { PlainText } from './PlainText.tsx';

function notice(meta: Question['meta']): Question {
  return { key: 'notice', field_type: 'plain_text', meta };
}

describe('PlainText', () => {
  it('renders markdown with links (react-markdown loads with the first text)', async () => {
    render(<PlainText id="n" question={notice({ value: 'Kijk op [de website](https://example.org/afval) voor **grofvuil**.' })} value={undefined} onChange={() => {}} />);
    expect(await screen.findByRole('link', { name: 'de website' })).toHaveAttribute('href', 'https://example.org/afval');
    expect(screen.getByText('grofvuil').tagName).toBe('STRONG');
  });

  it('fills {incident.x} placeholders and says onbekend when a value is missing', () => {
    render(
      <RendererServicesProvider value={{ incident: { location: { address: { openbare_ruimte: 'Dam' } } } }}>
        <PlainText id="n" question={notice({ value: 'Straat: {incident.location.address.openbare_ruimte}. Nummer: {incident.location.address.huisnummer}.' })} value={undefined} onChange={() => {}} />
      </RendererServicesProvider>,
    );
    expect(screen.getByText('Straat: Dam. Nummer: onbekend.')).toBeInTheDocument();
  });

  it('fills {phone} from the configured values the app passes', () => {
    render(
      <RendererServicesProvider value={{ placeholders: { phone: '14 030' } }}>
        <PlainText id="n" question={notice({ type: 'alert', value: 'Dit is gevaarlijk. Bel direct {phone}.' })} value={undefined} onChange={() => {}} />
      </RendererServicesProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Dit is gevaarlijk. Bel direct 14 030.');
  });

  it('never renders raw HTML from the text', () => {
    const { container } = render(<PlainText id="n" question={notice({ value: 'Let op <img src="x" onerror="alert(1)"> hier' })} value={undefined} onChange={() => {}} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/Let op/)).toBeInTheDocument();
  });

  it('announces an alert notice and styles info and caution notices', () => {
    const { container } = render(
      <>
        <PlainText id="a" question={notice({ type: 'alert', value: 'Bel 112 en vul dit formulier niet verder in' })} value={undefined} onChange={() => {}} />
        <PlainText id="b" question={notice({ type: 'caution', value: 'Meld uw klacht eerst bij de verhuurder.' })} value={undefined} onChange={() => {}} />
        <PlainText id="c" question={notice({ type: 'info', label: 'Goed om te weten', value: 'Wij geven uw gegevens niet door.' })} value={undefined} onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Bel 112 en vul dit formulier niet verder in');
    expect(container.querySelector('#b')).toHaveClass('ml-notice--caution');
    expect(container.querySelector('#c')).toHaveClass('ml-notice--info');
    expect(screen.getByText('Goed om te weten')).toBeInTheDocument();
  });

  it('joins a list of paragraphs', async () => {
    render(<PlainText id="n" question={notice({ value: ['Eerste alinea.', 'Tweede alinea.'] })} value={undefined} onChange={() => {}} />);
    expect((await screen.findByText('Eerste alinea.')).tagName).toBe('P');
    expect(screen.getByText('Tweede alinea.').tagName).toBe('P');
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@meldloket/engine';
import { HiddenInput } from './HiddenInput.tsx';

const question: Question = { key: 'source', field_type: 'hidden_input', meta: { value: 'online' } };

describe('HiddenInput', () => {
  it('writes its value into the answers on mount and shows nothing', () => {
    const onChange = vi.fn();
    const { container } = render(<HiddenInput id="source" question={question} value={undefined} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledWith('online');
    expect(container).toBeEmptyDOMElement();
  });

  it('leaves an answer that already holds the value alone', () => {
    const onChange = vi.fn();
    render(<HiddenInput id="source" question={question} value="online" onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
  });
});

import { useEffect } from 'react';
import type { WidgetProps } from '../../types.ts';

/** hidden_input: writes the question's value into the answers on mount; shows nothing. */
export function HiddenInput({ question, value, onChange }: WidgetProps<unknown>) {
  const preset = question.meta.value;
  useEffect(() => {
    if (preset !== undefined && JSON.stringify(value) !== JSON.stringify(preset)) onChange(preset);
    // Only on mount and when the preset itself changes: the answer follows the question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(preset)]);
  return null;
}

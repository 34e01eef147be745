import { OptionQuestion } from '../../shell/index.ts';
import type { OptionValue, WidgetProps } from '../../types.ts';

/** radio_input: one choice among the question's values; stored as `{id, label, info?}`. */
export function RadioInput(props: WidgetProps<OptionValue>) {
  const { id, value, onChange } = props;
  // What a changed answer resets (meta.resetsStateOnChange) is the engine's rule: the wizard machine applies it.
  return <OptionQuestion widget={props} type="radio" name={id} isChecked={(option) => value?.id === option.id} onToggle={(option) => onChange(option)} />;
}

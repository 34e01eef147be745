import { SingleCheckbox } from '../CheckboxInput/index.ts';
import type { CheckedValue, WidgetProps } from '../../types.ts';

/** emphasis_checkbox_input: one checkbox on an emphasised panel; stored as `{label, value}`. */
export function EmphasisCheckboxInput(props: WidgetProps<CheckedValue>) {
  return <SingleCheckbox {...props} className="ml-emphasis" />;
}

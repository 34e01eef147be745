import { useState } from 'react';
import type { Widget, WidgetProps } from '../types.ts';

export type StoryArgs<V> = Omit<WidgetProps<V>, 'onChange' | 'onBlur'> & {
  onChange?: (value: V | undefined) => void;
  onBlur?: () => void;
};

/** Renders a widget with its own answer state so a story can be tried out. */
export function StatefulWidget<V>({ widget: Component, ...args }: StoryArgs<V> & { widget: Widget }) {
  const [value, setValue] = useState<V | undefined>(args.value);
  return (
    <Component
      {...args}
      value={value}
      onChange={(next: V | undefined) => {
        setValue(next);
        args.onChange?.(next);
      }}
      onBlur={() => args.onBlur?.()}
    />
  );
}

import { useRendererServices } from '../../context.tsx';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';
import { DEFAULT_MAX_LENGTH, questionTextareaProps, TextareaField } from '../TextareaInput/index.ts';
import { SubcategoryChoice } from './SubcategoryChoice.tsx';

/**
 * description_with_classification_input: the description of step 1 (maximum
 * 1000 characters, counter, a hint not to type personal data). Leaving it
 * with text asks for a classification; the subcategory choice follows when
 * classification services are given.
 */
export function DescriptionWithClassificationInput(props: WidgetProps<string>) {
  const { id, question, disabled, onBlur } = props;
  const { classification } = useRendererServices();
  const { meta } = question;
  return (
    <>
      <TextareaField
        {...questionTextareaProps(props)}
        hint={meta.subtitle ?? TEXTS.descriptionHint}
        maxLength={meta.maxLength ?? DEFAULT_MAX_LENGTH}
        onBlur={(text) => {
          onBlur?.();
          if (text.trim() !== '') classification?.onClassify?.(text);
        }}
      />
      {classification && <SubcategoryChoice id={`${id}-subcategory`} disabled={disabled} {...classification} />}
    </>
  );
}

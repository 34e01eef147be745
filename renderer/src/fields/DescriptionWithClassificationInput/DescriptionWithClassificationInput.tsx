import type { Ref, TextareaHTMLAttributes } from 'react';
import { useRendererServices } from '../../context.tsx';
import { isRequired, questionLabel } from '../../shell/index.ts';
import { TEXTS } from '../../texts.ts';
import type { WidgetProps } from '../../types.ts';
import { DEFAULT_MAX_LENGTH, TextareaField } from '../TextareaInput/index.ts';
import { SubcategoryChoice } from './SubcategoryChoice.tsx';

/**
 * description_with_classification_input: the description of step 1 (maximum
 * 1000 characters, counter, a hint not to type personal data). Leaving it
 * with text asks for a classification; the subcategory choice follows when
 * classification services are given.
 */
export function DescriptionWithClassificationInput({ id, question, value, error, required, disabled, onChange, onBlur, describedBy, ref, controlProps }: WidgetProps<string>) {
  const { classification } = useRendererServices();
  const { meta } = question;
  return (
    <>
      <TextareaField
        id={id}
        name={question.key}
        label={questionLabel(question)}
        required={isRequired(question, required)}
        hint={meta.subtitle ?? TEXTS.descriptionHint}
        error={error}
        disabled={disabled}
        value={value}
        rows={meta.rows}
        maxLength={meta.maxLength ?? DEFAULT_MAX_LENGTH}
        placeholder={meta.placeholder}
        describedBy={describedBy}
        controlRef={ref as Ref<HTMLTextAreaElement>}
        controlProps={controlProps as TextareaHTMLAttributes<HTMLTextAreaElement>}
        onChange={onChange}
        onBlur={(text) => {
          onBlur?.();
          if (text.trim() !== '') classification?.onClassify?.(text);
        }}
      />
      {classification && <SubcategoryChoice id={`${id}-subcategory`} disabled={disabled} {...classification} />}
    </>
  );
}

import { useMemo } from 'react';
import {
  DescriptionWithClassificationInput,
  RadioInput,
  RendererServicesProvider,
  SelectInput,
  type OptionValue,
  type RendererServices,
} from '@meldloket/renderer';
import { parseCategoryUrl } from '@meldloket/engine';
import type { WizardView } from '../state/index.ts';
import { useConfig } from '../../config/index.ts';
import { classificationOf, useSubcategories } from '../categories.ts';
import { useSources } from '../sources.ts';
import { PhotoField } from './PhotoField.tsx';
import { descriptionQuestion, priorityQuestion, sourceQuestion, typeQuestion } from './questions.ts';
import { fieldError } from './fieldErrors.ts';

/** Step 1 'Beschrijf uw melding': description with classification, photos; staff also source, priority and type. */
export function BeschrijfStep({ wizard }: { wizard: WizardView }) {
  const { draft, dispatch, send, isAuthenticated } = wizard;
  const config = useConfig();
  const subcategories = useSubcategories();
  const sources = useSources(isAuthenticated);
  const error = (key: string) => fieldError(wizard, key);

  const selected = draft.subcategory ? `${draft.category}/${draft.subcategory}` : null;
  const prediction = draft.classificationPrediction ? parseCategoryUrl(draft.classificationPrediction.id) : null;
  const suggestion = prediction?.subcategory ? subcategories.find((s) => s.id === `${prediction.category}/${prediction.subcategory}`) : undefined;

  const services = useMemo<RendererServices>(
    () => ({
      classification: {
        subcategories,
        selected,
        suggestion: suggestion ?? null,
        onSelect: (id) => {
          const entry = subcategories.find((s) => s.id === id);
          if (entry) send({ type: 'SET_CLASSIFICATION', result: classificationOf(entry) });
        },
        onClassify: (text) => send({ type: 'CLASSIFY', text }),
        error: error('subcategory'),
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [subcategories, selected, suggestion, send, wizard.showErrors, wizard.stepErrors],
  );

  const option = (o: { id?: string; label: string } | null | undefined): OptionValue | undefined => (o?.id ? { id: o.id, label: o.label } : undefined);

  return (
    <div className="ml-wizard-form">
      {isAuthenticated && (
        <SelectInput
          id="source"
          question={sourceQuestion(sources)}
          value={option(draft.source)}
          error={error('source')}
          onChange={(value: OptionValue | undefined) => dispatch({ type: 'update', payload: { source: value ? { id: value.id, label: value.label } : null } })}
        />
      )}
      <RendererServicesProvider value={services}>
        <DescriptionWithClassificationInput
          id="description"
          question={descriptionQuestion}
          value={draft.description}
          error={error('description')}
          onChange={(value: string | undefined) => dispatch({ type: 'update', payload: { description: value ?? '' } })}
        />
      </RendererServicesProvider>
      {isAuthenticated && (
        <>
          <RadioInput
            id="priority"
            question={priorityQuestion}
            value={option(draft.priority)}
            error={error('priority')}
            onChange={(value: OptionValue | undefined) => value && dispatch({ type: 'update', payload: { priority: { id: value.id, label: value.label } } })}
          />
          <RadioInput
            id="type"
            question={typeQuestion(config.features.showMaintenanceAsProjects)}
            value={option(draft.type)}
            error={error('type')}
            onChange={(value: OptionValue | undefined) => value && dispatch({ type: 'update', payload: { type: { id: value.id, label: value.label } } })}
          />
        </>
      )}
      <PhotoField wizard={wizard} error={error('images')} />
    </div>
  );
}

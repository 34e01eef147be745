import { useSyncExternalStore } from 'react';
import { useWizardRuntime, type WizardView } from '../state/index.ts';
import { TEXTS } from '../texts.ts';

/** While sending: the report, then each photo with its progress. */
export function OpslaanStep({ wizard }: { wizard: WizardView }) {
  const { progress } = useWizardRuntime();
  const state = useSyncExternalStore(progress.subscribe, progress.getSnapshot);
  return (
    <div>
      <p className="utrecht-paragraph" role="status">
        {TEXTS.sending}
      </p>
      {wizard.draft.images.length > 0 && (
        <ul className="ml-upload-list">
          {wizard.draft.images.map((image) => (
            <li key={image.id}>
              {/* named by aria-labelledby: not every accessibility engine takes a <label> for <progress> */}
              <span id={`upload-${image.id}`}>{TEXTS.photoProgress(image.name)}</span>
              <progress aria-labelledby={`upload-${image.id}`} className="ml-progress" max={1} value={state.progress[image.id] ?? 0} />
              {state.failed[image.id] && <p className="utrecht-form-field-error-message">{TEXTS.uploadFailed}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One save of a back-office form, a write of the app's data layer (useAction, src/api/write.ts):
 * busy while it runs, a second save meanwhile refused, and its failure as messages per field (every
 * error shape). `run(action)` answers whether the save went through.
 */
import { useCallback, useState } from 'react';
import { useAction } from '../api/write.ts';
import { fieldErrors, type FieldErrors } from './errors.ts';

export function useSubmit() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run: send, busy } = useAction();
  const run = useCallback(
    async (action: () => Promise<void>): Promise<boolean> => {
      setErrors({});
      const outcome = await send(action);
      if (outcome && !outcome.ok) setErrors(fieldErrors(outcome.error));
      return outcome?.ok ?? false;
    },
    [send],
  );
  return { busy, errors, setErrors, run };
}

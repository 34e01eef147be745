/** One save of a back-office form: busy while it runs, and its failure as messages per field (every error shape). */
import { useCallback, useState } from 'react';
import { fieldErrors, type FieldErrors } from './errors.ts';

export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await action();
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, errors, setErrors, run };
}

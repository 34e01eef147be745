/** The filters of a settings list in the page's address (shareable, kept on reload). */
import { useSearchParams } from 'react-router';

/**
 * The address's parameters and a setter that changes some of them: an empty value removes its
 * parameter, and any change but the page's own starts again at the first page.
 */
export function useFilterParams(): [URLSearchParams, (changes: Record<string, string>) => void] {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return [params, set];
}

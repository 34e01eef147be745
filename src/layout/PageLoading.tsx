import { LOADING_TEXT } from './texts.ts';
/** Shown while a screen's code or data loads. */
export function PageLoading({ label = LOADING_TEXT }: { label?: string }) {
  return (
    <p className="utrecht-paragraph ml-loading" role="status">
      {label}
    </p>
  );
}

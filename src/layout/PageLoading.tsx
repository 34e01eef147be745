/** Shown while a screen's code or data loads. */
export function PageLoading({ label = 'Bezig met laden…' }: { label?: string }) {
  return (
    <p className="utrecht-paragraph ml-loading" role="status">
      {label}
    </p>
  );
}

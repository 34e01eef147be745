/** 'Mijn filters': the user's saved filters, each to apply or to remove. */
import { Link } from 'react-router';
import { OVERVIEW_TEXTS as T } from './texts.ts';
import type { SavedFilter } from './types.ts';

export interface SavedFilterListProps {
  filters: SavedFilter[];
  failed: boolean;
  hrefOf(filter: SavedFilter): string;
  onRemove(filter: SavedFilter): void;
  /** Whether the user may delete filters (a write). */
  mayRemove?: boolean;
}

export function SavedFilterList({ filters, failed, hrefOf, onRemove, mayRemove = true }: SavedFilterListProps) {
  return (
    <section className="ml-saved-filters" aria-label={T.savedFilters}>
      {failed ? (
        <p role="alert">{T.filtersFailed}</p>
      ) : filters.length === 0 ? (
        <p>{T.noSavedFilters}</p>
      ) : (
        <ul>
          {filters.map((f) => (
            <li key={f.id} className="ml-saved-filters__item">
              <Link to={hrefOf(f)} aria-label={T.applySaved(f.name)}>
                {f.name}
              </Link>
              {f.show_on_overview && <span className="ml-saved-filters__flag">tab</span>}
              {f.refresh && <span className="ml-saved-filters__flag">vernieuwt</span>}
              {mayRemove && (
                <button
                  type="button"
                  className="utrecht-button utrecht-button--subtle"
                  aria-label={T.removeSaved(f.name)}
                  onClick={() => {
                    if (window.confirm(T.confirmRemove(f.name))) onRemove(f);
                  }}
                >
                  Verwijderen
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Paging of the overview (50 a page, docs/reference/limits.md#constants): previous, the page numbers near the current one, next. */
import { Link } from 'react-router';
import { OVERVIEW_TEXTS as T } from './texts.ts';

/** The page numbers to offer: the first, the last and two either side of the current; null marks a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last > 1) out.push(null);
    out.push(n);
  }
  return out;
}

export function Pagination({ page, pages, hrefOf }: { page: number; pages: number; hrefOf(page: number): string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={T.pagination} className="ml-pagination">
      <ul>
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev">
              {T.previous}
            </Link>
          </li>
        )}
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={hrefOf(n)} aria-current={n === page ? 'page' : undefined} aria-label={T.page(n)}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={hrefOf(page + 1)} rel="next">
              {T.next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

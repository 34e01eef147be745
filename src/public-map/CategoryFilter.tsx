/**
 * 'Filter op categorie': a checkbox per main category (checked, unchecked or mixed)
 * with its subcategories under it. Changing it changes which reports the map asks for.
 */
import { useEffect, useRef } from 'react';
import type { PublicCategory } from './categories.ts';
import { PUBLIC_MAP_TEXTS } from './texts.ts';

function MainCheckbox({ category, chosen, onChange }: { category: PublicCategory; chosen: ReadonlySet<string>; onChange: (slugs: string[], on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const slugs = category.subcategories.map((s) => s.slug);
  const count = slugs.filter((s) => chosen.has(s)).length;
  const mixed = count > 0 && count < slugs.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  const id = `ml-filter-${category.slug}`;
  return (
    <div className="ml-filter__main">
      <input ref={ref} id={id} type="checkbox" className="utrecht-checkbox utrecht-checkbox--html-input" checked={count === slugs.length} aria-checked={mixed ? 'mixed' : undefined} onChange={(e) => onChange(slugs, e.target.checked)} />
      <label htmlFor={id} className="ml-filter__label">
        <span className="ml-filter__swatch" style={{ background: category.colour }} aria-hidden="true" />
        {category.name}
      </label>
    </div>
  );
}

export interface CategoryFilterProps {
  categories: PublicCategory[];
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

export function CategoryFilter({ categories, chosen, onChange }: CategoryFilterProps) {
  const all = categories.flatMap((c) => c.subcategories.map((s) => s.slug));
  const set = (slugs: string[], on: boolean) => {
    const next = new Set(chosen);
    for (const slug of slugs) if (on) next.add(slug);
    else next.delete(slug);
    onChange(next);
  };
  return (
    <fieldset className="ml-filter">
      <legend className="ml-filter__legend">{PUBLIC_MAP_TEXTS.filterLegend}</legend>
      <div className="ml-filter__actions">
        <button type="button" className="ml-button ml-button--subtle" onClick={() => onChange(new Set(all))}>
          {PUBLIC_MAP_TEXTS.showAll}
        </button>
        <button type="button" className="ml-button ml-button--subtle" onClick={() => onChange(new Set())}>
          {PUBLIC_MAP_TEXTS.showNone}
        </button>
      </div>
      <ul className="ml-filter__list">
        {categories.map((category) => (
          <li key={category.slug}>
            <MainCheckbox category={category} chosen={chosen} onChange={set} />
            <ul className="ml-filter__subs" aria-label={PUBLIC_MAP_TEXTS.subcategoriesOf(category.name)}>
              {category.subcategories.map((sub) => {
                const id = `ml-filter-${category.slug}-${sub.slug}`;
                return (
                  <li key={sub.slug} className="ml-filter__sub">
                    <input id={id} type="checkbox" className="utrecht-checkbox utrecht-checkbox--html-input" checked={chosen.has(sub.slug)} onChange={(e) => set([sub.slug], e.target.checked)} />
                    <label htmlFor={id} className="ml-filter__label">
                      {sub.name}
                    </label>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

import type { SubcategoryOption } from './categories.ts';

/** The subcategories grouped under their main category (docs/reference/screens.md#entities), each option's value by `valueOf`. */
export function SubcategoryOptions({ groups, valueOf }: { groups: Array<[string, SubcategoryOption[]]>; valueOf: (option: SubcategoryOption) => string | number }) {
  return (
    <>
      {groups.map(([main, options]) => (
        <optgroup key={main} label={main}>
          {options.map((o) => (
            <option key={o.id} value={valueOf(o)}>
              {o.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

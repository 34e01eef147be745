/** The parent of a child report, or the children of a parent (contract §11 `sia:parent`, `sia:children`). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/index.ts';
import { incidentApi, type IncidentDetail, type IncidentListItem } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.family;

/** The id at the end of a private signal URL. */
export const idOfHref = (href: string): string => href.replace(/\/+$/, '').split('/').pop() ?? '';

export function Family({ detail, version }: { detail: IncidentDetail; version: number }) {
  const api = useApi();
  const parent = detail._links['sia:parent'];
  const childLinks = detail._links['sia:children'] ?? [];
  const [children, setChildren] = useState<IncidentListItem[] | null>(null);

  useEffect(() => {
    if (childLinks.length === 0) return;
    const controller = new AbortController();
    incidentApi(api)
      .children(detail.id, controller.signal)
      .then(setChildren, () => !controller.signal.aborted && setChildren(null));
    return () => controller.abort();
  }, [api, detail.id, childLinks.length, version]);

  if (!parent && childLinks.length === 0) return null;
  return (
    <section aria-labelledby="incident-family">
      <h2 id="incident-family" className="utrecht-heading-2">
        {parent ? T.parent : T.children}
      </h2>
      {parent && (
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" to={`/manage/incident/${idOfHref(parent.href)}`}>
            SIG-{idOfHref(parent.href)}
          </Link>
        </p>
      )}
      {detail.has_changed_children && <p className="utrecht-paragraph ml-incident__notice">{T.changed}</p>}
      {childLinks.length > 0 && (
        <ul className="ml-incident__children">
          {(children ?? childLinks.map((l) => ({ id: Number(idOfHref(l.href)) }) as IncidentListItem)).map((child) => (
            <li key={child.id}>
              <Link className="utrecht-link" to={`/manage/incident/${child.id}`}>
                SIG-{child.id}
              </Link>
              {child.category && ` · ${child.category.sub}`}
              {child.status && ` · ${child.status.state_display}`}
              {child.updated_at && Date.parse(child.updated_at) > Date.parse(detail.updated_at) && <strong> · {T.childChanged}</strong>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The parent of a child report, or the children of a parent (docs/reference/api.md#private `sia:parent`, `sia:children`). */
import { incidentPage } from '@meldloket/engine';
import { Link } from 'react-router';
import { useApi } from '../../api/index.ts';
import { incidentApi, type IncidentDetail, type IncidentListItem } from './api.ts';
import { useChildren } from './queries.ts';
import { INCIDENT_TEXTS } from './texts.ts';
import { FormErrorSummary, useSubmit } from '../../forms/index.ts';

const T = INCIDENT_TEXTS.family;

/** The id at the end of a private signal URL. */
export const idOfHref = (href: string): string => href.replace(/\/+$/, '').split('/').pop() ?? '';

export interface FamilyProps {
  detail: IncidentDetail;
  /** Whether this staff member may undo a link (the right of linking, `editIncident`). */
  mayUnlink?: boolean;
  onUnlinked?: (detail: IncidentDetail, message: string) => void;
}

/** After a link is undone its button is gone: focus goes to the nearby reports (where the report may show again), else the page's heading. */
function focusAfterUnlink() {
  requestAnimationFrame(() => {
    const target = document.getElementById('incident-nearby') ?? document.querySelector<HTMLElement>('h1');
    if (!target) return;
    target.tabIndex = -1;
    target.focus();
  });
}

export function Family({ detail, mayUnlink = false, onUnlinked }: FamilyProps) {
  const api = useApi();
  const undo = useSubmit();
  const parent = detail._links['sia:parent'];
  const childLinks = detail._links['sia:children'] ?? [];
  const children: IncidentListItem[] | null = useChildren(detail.id, childLinks.length > 0).data ?? null;

  const unlink = (childId: number) =>
    undo.run(async () => {
      const calls = incidentApi(api);
      await calls.unlinkChild(detail.id, childId);
      onUnlinked?.(await calls.detail(detail.id), T.unlinked(`SIG-${childId}`));
      focusAfterUnlink();
    });

  if (!parent && childLinks.length === 0) return null;
  return (
    <section aria-labelledby="incident-family">
      <h2 id="incident-family" className="utrecht-heading-2">
        {parent ? T.parent : T.children}
      </h2>
      {parent && (
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" to={incidentPage(idOfHref(parent.href))}>
            SIG-{idOfHref(parent.href)}
          </Link>
        </p>
      )}
      {detail.has_changed_children && <p className="utrecht-paragraph ml-incident__notice">{T.changed}</p>}
      <FormErrorSummary errors={undo.errors} />
      {childLinks.length > 0 && (
        <ul className="ml-incident__children">
          {(children ?? childLinks.map((l) => ({ id: Number(idOfHref(l.href)) }) as IncidentListItem)).map((child) => (
            <li key={child.id}>
              <Link className="utrecht-link" to={incidentPage(child.id)}>
                SIG-{child.id}
              </Link>
              {child.category && ` · ${child.category.sub}`}
              {child.status && ` · ${child.status.state_display}`}
              {child.updated_at && Date.parse(child.updated_at) > Date.parse(detail.updated_at) && <strong> · {T.childChanged}</strong>}
              {child.linked && ` · ${T.linked}`}
              {child.linked && mayUnlink && (
                <>
                  {' '}
                  <button type="button" className="utrecht-button utrecht-button--subtle" disabled={undo.busy} onClick={() => void unlink(child.id)}>
                    {T.unlink(`SIG-${child.id}`)}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every field of the report (docs/reference/screens.md#entities 'Incident'), the remaining handling term and the reporter's contact details. */
import { formatCreatedAt, stadsdeelLabel } from '@meldloket/engine';
import { useConfig } from '../../config/index.ts';
import type { IncidentDetail } from './api.ts';
import type { SubcategoryOption } from './categories.ts';
import { addressLine, contactValue, incidentKind, remainingText } from './fields.ts';
import { INCIDENT_TEXTS } from './texts.ts';
import { answerText } from './answers.ts';

const F = INCIDENT_TEXTS.fields;

function Contact({ value }: { value: string | null }) {
  const shown = contactValue(value);
  return shown === null ? (
    <>
      <span aria-hidden="true">*****</span> <span className="ml-incident__masked">{F.masked}</span>
    </>
  ) : (
    <>{shown}</>
  );
}

export function typeLabel(code: string, projects: boolean): string {
  if (code === 'MAI' && projects) return INCIDENT_TEXTS.typeProjects;
  return INCIDENT_TEXTS.types[code] ?? code;
}

export function Fields({ detail, subcategory, now }: { detail: IncidentDetail; subcategory: SubcategoryOption | null; now: Date }) {
  const { features } = useConfig();
  const projects = features.showMaintenanceAsProjects;
  return (
    <section aria-labelledby="incident-fields">
      <h2 id="incident-fields" className="utrecht-heading-2">
        {F.heading}
      </h2>
      <dl className="ml-incident__facts">
        <dt>{F.text}</dt>
        <dd className="ml-incident__text">{detail.text}</dd>
        {detail.text_extra ? (
          <>
            <dt>{F.textExtra}</dt>
            <dd className="ml-incident__text">{detail.text_extra}</dd>
          </>
        ) : null}
        <dt>{F.status}</dt>
        <dd>{detail.status.state_display}</dd>
        {detail.status.text ? (
          <>
            <dt>{F.statusText}</dt>
            <dd className="ml-incident__text">{detail.status.text}</dd>
          </>
        ) : null}
        <dt>{F.remaining}</dt>
        <dd>{remainingText(detail, subcategory?.sla, now)}</dd>
        <dt>{F.createdAt}</dt>
        <dd>{formatCreatedAt(detail.created_at)}</dd>
        <dt>{F.incidentDate}</dt>
        <dd>
          {formatCreatedAt(detail.incident_date_start)}
          {detail.incident_date_end ? ` – ${formatCreatedAt(detail.incident_date_end)}` : ''}
        </dd>
        <dt>{F.location}</dt>
        <dd>{addressLine(detail.location)}</dd>
        <dt>{F.stadsdeel}</dt>
        <dd>{stadsdeelLabel(detail.location.stadsdeel)}</dd>
        <dt>{F.category}</dt>
        <dd>{detail.category.sub}</dd>
        <dt>{F.mainCategory}</dt>
        <dd>{detail.category.main}</dd>
        <dt>{F.routing}</dt>
        <dd>{detail.routing_departments?.length ? detail.routing_departments.map((d) => d.name).join(', ') : F.routingFallback(detail.category.departments || F.empty)}</dd>
        <dt>{F.directing}</dt>
        <dd>{detail.directing_departments?.length ? detail.directing_departments.map((d) => d.name).join(', ') : F.noDirecting}</dd>
        <dt>{F.priority}</dt>
        <dd>{INCIDENT_TEXTS.priorities[detail.priority.priority] ?? detail.priority.priority}</dd>
        <dt>{F.type}</dt>
        <dd>{typeLabel(detail.type.code, projects)}</dd>
        <dt>{F.kind}</dt>
        <dd>{INCIDENT_TEXTS.kinds[incidentKind(detail)]}</dd>
        <dt>{F.assignedUser}</dt>
        <dd>{detail.assigned_user_email ?? F.notAssigned}</dd>
        <dt>{F.source}</dt>
        <dd>{detail.source}</dd>
        <dt>{F.updatedAt}</dt>
        <dd>{formatCreatedAt(detail.updated_at)}</dd>
        <dt>{F.email}</dt>
        <dd>
          <Contact value={detail.reporter.email} />
        </dd>
        <dt>{F.phone}</dt>
        <dd>
          <Contact value={detail.reporter.phone} />
        </dd>
        <dt>{F.sharing}</dt>
        <dd>{detail.reporter.sharing_allowed ? F.yes : F.no}</dd>
      </dl>
      <h3 className="utrecht-heading-3">{INCIDENT_TEXTS.questions.heading}</h3>
      {detail.extra_properties && detail.extra_properties.length > 0 ? (
        <dl className="ml-incident__facts">
          {detail.extra_properties.map((item) => (
            <div key={item.id} className="ml-incident__fact">
              <dt>{item.label}</dt>
              <dd>{answerText(item.answer)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="utrecht-paragraph">{INCIDENT_TEXTS.questions.none}</p>
      )}
    </section>
  );
}

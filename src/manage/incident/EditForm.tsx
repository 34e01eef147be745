/**
 * Changing one field of the report by a choice: urgency, type, subcategory (grouped
 * by main category) or the assigned staff member (the users of its departments).
 */
import { useId, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { useConfig } from '../../config/index.ts';
import { incidentApi, type IncidentDetail, type StaffUserItem } from './api.ts';
import { useAssignable } from './queries.ts';
import { groupByMain, subcategoryOptions } from './categories.ts';
import { currentValue, departmentChoices, EDIT_LABELS, editPatch, priorityChoices, typeChoices, userChoices, type Choice, type EditKind } from './edits.ts';
import { allMessages, Form, FormButtons, SelectField, TextField, useSubmit } from '../../forms/index.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.edit;

export interface EditFormProps {
  kind: Exclude<EditKind, 'location'>;
  detail: IncidentDetail;
  categoryUrl: string | null;
  onUpdated: (detail: IncidentDetail, message: string) => void;
  onCancel: () => void;
}

function useChoices(kind: EditFormProps['kind'], detail: IncidentDetail): { choices: Choice[]; problem: string | null } {
  const api = useApi();
  const { staffData } = useAuth();
  const { features } = useConfig();
  // read again after every change of the report (another subcategory or routing gives other colleagues)
  const assignable = useAssignable(detail.id, kind === 'assignment');
  const users: StaffUserItem[] | 'failed' | null = assignable.data ?? (assignable.isError ? 'failed' : null);

  switch (kind) {
    case 'priority':
      return { choices: priorityChoices(), problem: null };
    case 'type':
      return { choices: typeChoices(features.showMaintenanceAsProjects), problem: null };
    case 'category':
      return {
        choices: groupByMain(subcategoryOptions(staffData?.categories ?? [])).flatMap(([main, options]) => options.map((o) => ({ value: o.url, label: o.label, group: main }))),
        problem: null,
      };
    case 'routing':
    case 'directing':
      return { choices: departmentChoices(kind, staffData?.departments ?? [], detail.category.departments), problem: null };
    case 'assignment': {
      const own = detail.assigned_user_email ? [{ id: 0, username: detail.assigned_user_email }] : [];
      const list = Array.isArray(users) ? users : [];
      const merged = [...list, ...own.filter((o) => !list.some((u) => u.username === o.username))];
      return { choices: userChoices(merged), problem: users === 'failed' ? T.usersFailed : null };
    }
  }
}

function Options({ choices }: { choices: Choice[] }) {
  const groups = [...new Set(choices.map((c) => c.group))];
  if (groups.length === 1 && groups[0] === undefined)
    return (
      <>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </>
    );
  return (
    <>
      {groups.map((group) => (
        <optgroup key={group ?? ''} label={group ?? ''}>
          {choices
            .filter((c) => c.group === group)
            .map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

export function EditForm({ kind, detail, categoryUrl, onUpdated, onCancel }: EditFormProps) {
  const api = useApi();
  const id = useId();
  const { choices, problem } = useChoices(kind, detail);
  const [value, setValue] = useState(() => currentValue(kind, detail, categoryUrl));
  const [reason, setReason] = useState('');
  const save = useSubmit();
  const errors = allMessages(save.errors);
  const label = EDIT_LABELS[kind];

  const submit = () =>
    value === currentValue(kind, detail, categoryUrl) ? onCancel() : void save.run(async () => onUpdated(await incidentApi(api).patch(detail.id, editPatch(kind, value, reason)), T.saved));

  return (
    <Form className="ml-incident__form" label={T.change(label)} onSubmit={submit}>
      <SelectField id={`${id}-select`} label={label} hint={kind === 'category' ? T.categoryNote : undefined} hideOptional value={value} onChange={setValue} error={[...(problem ? [problem] : []), ...errors].join(' ') || undefined}>
        {kind === 'category' && !choices.some((c) => c.value === value) && <option value={value}>{detail.category.sub}</option>}
        <Options choices={choices} />
      </SelectField>
      {kind === 'routing' && <TextField id={`${id}-reason`} label={T.routingReason} hint={T.routingReasonHint} hideOptional multiline maxLength={1000} value={reason} onChange={setReason} />}
      <FormButtons busy={save.busy} cancel={onCancel} cancelLabel={INCIDENT_TEXTS.edit.cancel} />
    </Form>
  );
}

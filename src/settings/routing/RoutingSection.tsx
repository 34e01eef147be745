/**
 * /instellingen/routering (issue 34, docs/routing.md): the routing rules for those with
 * `sia_routing_write`. The rules are edited as a draft (add, remove, move up); before saving,
 * 'Proefdraaien' shows what the draft would have done to the last reports (how many move, from
 * which department to which, a sample to open); 'Opslaan' is offered once the current draft was
 * tried. Below: the history of rule changes (who, when, before and after).
 */
import { incidentPage, API_PATHS, formatCreatedAt } from '@meldloket/engine';
import { FieldShell } from '@meldloket/renderer';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { useNotifications } from '../../notifications/index.ts';
import { Loading, SettingsPage, SettingsTable, TextField, useLoad } from '../components.tsx';
import { ROUTING_TEXTS as T } from './texts.ts';

export interface Rule {
  id?: number | null;
  name: string;
  is_active?: boolean;
  conditions: { sub_categories?: number[]; main_categories?: number[]; areas?: number[]; types?: string[]; sources?: string[]; days?: number[]; time_from?: string; time_until?: string };
  routing: number[];
  directing: number[];
}
interface DryRun {
  checked: number;
  moved: number;
  kept_by_hand: number;
  moves: { from: string[]; to: string[]; count: number; sample: number[] }[];
}
interface Change {
  id: number;
  who: string;
  at: string;
  before: Rule[];
  after: Rule[];
}

export default function RoutingSection() {
  const api = useApi();
  const { staffData } = useAuth();
  const { show } = useNotifications();
  const [version, setVersion] = useState(0);
  const [stored, setStored] = useLoad((a, signal) => a.get<{ results: Rule[] }>(API_PATHS.routingRules, { signal }).then((r) => r.results), T.failed, `rules-${version}`);
  const [history] = useLoad((a, signal) => a.get<{ results: Change[] }>(API_PATHS.routingRulesHistory, { signal }).then((r) => r.results), T.failed, `history-${version}`);
  const [draft, setDraft] = useState<Rule[] | null>(null);
  const [tried, setTried] = useState<{ rules: Rule[]; result: DryRun } | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = draft ?? (stored.state === 'ready' ? stored.data : []);
  const change = (next: Rule[]) => {
    setDraft(next);
    setTried(null);
  };

  const departments = staffData?.departments ?? [];
  const depName = (ids: number[]) => ids.map((id) => departments.find((d) => d.id === id)?.name ?? String(id)).join(', ') || T.none;
  const subs = (staffData?.categories ?? []).filter((c) => c._links?.['sia:parent']);
  const areas = staffData?.areas ?? [];
  const describe = (r: Rule) =>
    [
      r.conditions.sub_categories?.length ? `${T.subcategory}: ${r.conditions.sub_categories.map((id) => subs.find((c) => c.id === id)?.name ?? id).join(', ')}` : '',
      r.conditions.areas?.length ? `${T.area}: ${r.conditions.areas.map((id) => areas.find((a) => a.id === id)?.name ?? id).join(', ')}` : '',
      r.conditions.types?.length ? `${T.types}: ${r.conditions.types.join(', ')}` : '',
      r.conditions.sources?.length ? `${T.sources}: ${r.conditions.sources.join(', ')}` : '',
      r.conditions.time_from || r.conditions.time_until ? `${r.conditions.time_from ?? '00:00'}–${r.conditions.time_until ?? '24:00'}` : '',
    ]
      .filter(Boolean)
      .join('; ') || T.everything;

  const tryRules = async () => {
    setBusy(true);
    try {
      const result = await api.request<DryRun>('POST', API_PATHS.routingRulesDryRun, { body: { rules, last: T.last } });
      setTried({ rules, result });
    } catch {
      show({ title: T.dryRunFailed, variant: 'error', type: 'local' });
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    try {
      const saved = await api.request<{ results: Rule[] }>('PUT', API_PATHS.routingRules, { body: { rules } });
      setStored(saved.results);
      setDraft(null);
      setTried(null);
      setVersion((v) => v + 1);
      show({ title: T.saved, variant: 'success', type: 'local' });
    } catch {
      show({ title: T.saveFailed, variant: 'error', type: 'local' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsPage title={T.title} back="/instellingen/">
      <p className="utrecht-paragraph">{T.intro}</p>
      <Loading load={stored} failed={T.failed} />
      {stored.state === 'ready' && (
        <>
          {rules.length === 0 ? (
            <p className="utrecht-paragraph">{T.noRules}</p>
          ) : (
            <SettingsTable
              scrollLabel={T.rulesTable}
              rows={rules.map((r, i) => ({ ...r, id: i + 1, index: i }))}
              columns={[
                { header: T.order, cell: (r) => r.index + 1 },
                { header: T.name, cell: (r) => r.name },
                { header: T.when, cell: (r) => describe(r) },
                { header: T.routing, cell: (r) => depName(r.routing) },
                { header: T.directing, cell: (r) => depName(r.directing) },
                {
                  header: T.actions,
                  cell: (r) => (
                    <span className="ml-settings__row-actions">
                      {r.index > 0 && (
                        <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => change(rules.flatMap((x, j) => (j === r.index - 1 ? [rules[r.index]!, x] : j === r.index ? [] : [x])))}>
                          {T.up(r.name)}
                        </button>
                      )}
                      <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => change(rules.filter((_, j) => j !== r.index))}>
                        {T.remove(r.name)}
                      </button>
                    </span>
                  ),
                },
              ]}
            />
          )}
          <NewRule onAdd={(rule) => change([...rules, rule])} />
          <h2 className="utrecht-heading-2">{T.dryRunTitle}</h2>
          <p className="utrecht-paragraph">{T.dryRunIntro}</p>
          <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={busy} onClick={() => void tryRules()}>
            {T.tryButton}
          </button>
          {tried && (
            <div role="status">
              <p className="utrecht-paragraph">{T.dryRunResult(tried.result.checked, tried.result.moved, tried.result.kept_by_hand)}</p>
              {tried.result.moves.length > 0 && (
                <SettingsTable
                  scrollLabel={T.movesTable}
                  rows={tried.result.moves.map((m, i) => ({ ...m, id: i }))}
                  columns={[
                    { header: T.from, cell: (m) => m.from.join(', ') || T.none },
                    { header: T.to, cell: (m) => m.to.join(', ') || T.none },
                    { header: T.count, cell: (m) => m.count },
                    {
                      header: T.sample,
                      cell: (m) => (
                        <span>
                          {m.sample.map((id, j) => (
                            <span key={id}>
                              {j > 0 && ', '}
                              <Link className="utrecht-link" to={incidentPage(id)}>{`SIG-${id}`}</Link>
                            </span>
                          ))}
                        </span>
                      ),
                    },
                  ]}
                />
              )}
            </div>
          )}
          <p className="utrecht-paragraph">{draft ? T.unsaved : T.nothingChanged}</p>
          <button type="button" className="utrecht-button utrecht-button--primary-action" disabled={busy || !draft || tried?.rules !== rules} onClick={() => void save()}>
            {T.saveButton}
          </button>
          {draft && tried?.rules !== rules && <p className="utrecht-paragraph">{T.tryFirst}</p>}
        </>
      )}
      <h2 className="utrecht-heading-2">{T.historyTitle}</h2>
      <Loading load={history} failed={T.failed} />
      {history.state === 'ready' &&
        (history.data.length === 0 ? (
          <p className="utrecht-paragraph">{T.noHistory}</p>
        ) : (
          <ul className="ml-settings__history">
            {history.data.map((c) => (
              <li key={c.id}>{T.change(formatCreatedAt(c.at), c.who, c.before.map((r) => r.name), c.after.map((r) => r.name))}</li>
            ))}
          </ul>
        ))}
    </SettingsPage>
  );
}

function NewRule({ onAdd }: { onAdd: (rule: Rule) => void }) {
  const id = useId();
  const { staffData } = useAuth();
  const [name, setName] = useState('');
  const [sub, setSub] = useState('');
  const [area, setArea] = useState('');
  const [routing, setRouting] = useState('');
  const [directing, setDirecting] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const departments = [...(staffData?.departments ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  const subs = [...(staffData?.categories ?? []).filter((c) => c._links?.['sia:parent'])].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  const areas = staffData?.areas ?? [];
  const add = () => {
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = T.nameRequired;
    if (!routing) local.routing = T.routingRequired;
    setErrors(local);
    if (Object.keys(local).length) return;
    onAdd({
      name: name.trim(),
      conditions: { ...(sub ? { sub_categories: [Number(sub)] } : {}), ...(area ? { areas: [Number(area)] } : {}) },
      routing: [Number(routing)],
      directing: directing ? [Number(directing)] : [],
    });
    setName('');
    setSub('');
    setArea('');
    setRouting('');
    setDirecting('');
  };
  const select = (key: string, label: string, value: string, set: (v: string) => void, options: { value: string; label: string }[], empty: string, required = false) => (
    <FieldShell id={`${id}-${key}`} label={label} required={required} error={errors[key]}>
      {(control) => (
        <select {...control} className="utrecht-select utrecht-select--html-select" value={value} onChange={(e) => set(e.target.value)}>
          <option value="">{empty}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
  return (
    <form
      aria-label={T.newRule}
      noValidate
      className="ml-settings__form"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <h2 className="utrecht-heading-2">{T.newRule}</h2>
      <TextField id={`${id}-name`} label={T.name} value={name} onChange={setName} required error={errors.name} />
      {select('sub', T.subcategory, sub, setSub, subs.map((c) => ({ value: String(c.id), label: c.name })), T.anySubcategory)}
      {select('area', T.area, area, setArea, areas.map((a) => ({ value: String(a.id), label: `${a.name} (${a.type.name.toLowerCase()})` })), T.anyArea)}
      {select('routing', T.routing, routing, setRouting, departments.map((d) => ({ value: String(d.id), label: `${d.name} (${d.code})` })), T.chooseDepartment, true)}
      {select('directing', T.directing, directing, setDirecting, departments.map((d) => ({ value: String(d.id), label: `${d.name} (${d.code})` })), T.noDirecting)}
      <button type="submit" className="utrecht-button utrecht-button--secondary-action">
        {T.addButton}
      </button>
    </form>
  );
}

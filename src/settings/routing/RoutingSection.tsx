/**
 * /instellingen/routering (docs/routing.md): the routing rules for those with
 * `sia_routing_write`. The rules are edited as a draft (add, remove, move up); before saving,
 * 'Proefdraaien' shows what the draft would have done to the last reports (how many move, from
 * which department to which, a sample to open); 'Opslaan' is offered once the current draft was
 * tried. Below: the history of rule changes (who, when, before and after).
 */
import { incidentPage, API_PATHS, ApiError, formatCreatedAt, typeOptions, weekdayName } from '@meldloket/engine';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/index.ts';
import { useWrite } from '../../api/write.ts';
import { useAuth, type StaffSource } from '../../auth/index.ts';
import { groupSubcategories } from '../categories/tree.ts';
import { useNotifications } from '../../notifications/index.ts';
import { QueryState } from '../../api/QueryState.tsx';
import { SettingsPage, SettingsTable } from '../components.tsx';
import { Checklist, CustomField, Form, FormErrorSummary, SelectField, TextField, toggled } from '../../forms/index.ts';
import { settingsKeys, useSettingsChanged, useSettingsRead } from '../queries.ts';
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

/** ISO weekdays, 1 maandag … 7 zondag (the rules' `days`). */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The sources a rule may name: 'online' (the public form) and those of the sources list. */
const sourceNames = (sources: StaffSource[]) => [...new Set(['online', ...sources.map((s) => s.name)])];

/** The field names the error summary puts before a message. */
const FIELD_LABELS: Record<string, string> = { name: T.name, until: T.timeUntil, routing: T.routing };

/** The server's refusal of a rule list (`{rules: {<index>: {<field>: [message]}}}`) as sentences naming each rule. */
function refusal(error: unknown, rules: Rule[], fallback: string): string[] {
  const body = error instanceof ApiError ? (error.body as { rules?: Record<string, Record<string, string[]>> } | undefined) : undefined;
  if (!body?.rules) return [fallback];
  return Object.entries(body.rules).flatMap(([i, fields]) => Object.values(fields).flat().map((m) => T.ruleError(Number(i) + 1, rules[Number(i)]?.name ?? '', m)));
}

export default function RoutingSection() {
  const api = useApi();
  const { staffData } = useAuth();
  const { show } = useNotifications();
  const client = useQueryClient();
  const changed = useSettingsChanged();
  const stored = useSettingsRead<{ results: Rule[] }>(API_PATHS.routingRules);
  const history = useSettingsRead<{ results: Change[] }>(API_PATHS.routingRulesHistory);
  const [draft, setDraft] = useState<Rule[] | null>(null);
  const [tried, setTried] = useState<{ rules: Rule[]; result: DryRun } | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const rules = draft ?? stored.data?.results ?? [];
  const failureErrors = useMemo(() => ({ form: failure }), [failure]);
  const change = (next: Rule[]) => {
    setDraft(next);
    setTried(null);
    setFailure([]);
  };

  const departments = staffData?.departments ?? [];
  const depName = (ids: number[]) => ids.map((id) => departments.find((d) => d.id === id)?.name ?? String(id)).join(', ') || T.none;
  const categories = staffData?.categories ?? [];
  const areas = staffData?.areas ?? [];
  const typeLabel = new Map(typeOptions().map((t) => [t.id, t.label]));
  const names = (ids: number[] | undefined, list: { id: number; name: string }[]) => (ids ?? []).map((id) => list.find((x) => x.id === id)?.name ?? id).join(', ');
  const c = (r: Rule) => r.conditions;
  const describe = (r: Rule) =>
    [
      c(r).sub_categories?.length ? `${T.subcategory}: ${names(c(r).sub_categories, categories)}` : '',
      c(r).main_categories?.length ? `${T.mainCategory}: ${names(c(r).main_categories, categories)}` : '',
      c(r).areas?.length ? `${T.area}: ${names(c(r).areas, areas)}` : '',
      c(r).types?.length ? `${T.types}: ${c(r).types!.map((t) => typeLabel.get(t) ?? t).join(', ')}` : '',
      c(r).sources?.length ? `${T.sources}: ${c(r).sources!.join(', ')}` : '',
      c(r).days?.length ? `${T.days}: ${c(r).days!.map(weekdayName).join(', ')}` : '',
      c(r).time_from || c(r).time_until ? `${T.time}: ${c(r).time_from ?? '00:00'}–${c(r).time_until ?? '24:00'}` : '',
    ]
      .filter(Boolean)
      .join('; ') || T.everything;

  const dryRun = useWrite({ write: (asked: Rule[]) => api.request<DryRun>('POST', API_PATHS.routingRulesDryRun, { body: { rules: asked, last: T.last } }) });
  const store = useWrite({
    write: (saving: Rule[]) => api.request<{ results: Rule[] }>('PUT', API_PATHS.routingRules, { body: { rules: saving } }),
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.read(API_PATHS.routingRules), saved);
      void changed();
    },
  });
  const busy = dryRun.busy || store.busy;

  const tryRules = async () => {
    const outcome = await dryRun.run(rules);
    if (!outcome) return;
    if (outcome.ok) {
      setTried({ rules, result: outcome.data });
      setFailure([]);
    } else setFailure(refusal(outcome.error, rules, T.dryRunFailed));
  };
  const save = async () => {
    const outcome = await store.run(rules);
    if (!outcome) return;
    if (outcome.ok) {
      setDraft(null);
      setTried(null);
      setFailure([]);
      show({ title: T.saved, variant: 'success', type: 'local' });
    } else setFailure(refusal(outcome.error, rules, T.saveFailed));
  };

  return (
    <SettingsPage title={T.title} back="/instellingen/">
      <p className="utrecht-paragraph">{T.intro}</p>
      <QueryState query={stored} failed={T.failed} />
      {stored.isSuccess && (
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
          {/* a refused dry run or save, each mistake naming its rule; the summary takes the focus when it appears */}
          <FormErrorSummary errors={failureErrors} />
        </>
      )}
      <RerouteOpenReports />
      <h2 className="utrecht-heading-2">{T.historyTitle}</h2>
      <QueryState query={history} failed={T.failed} />
      {history.isSuccess &&
        (history.data.results.length === 0 ? (
          <p className="utrecht-paragraph">{T.noHistory}</p>
        ) : (
          <ul className="ml-settings__history">
            {history.data.results.map((c) => (
              <li key={c.id}>{T.change(formatCreatedAt(c.at), c.who, c.before.map((r) => r.name), c.after.map((r) => r.name))}</li>
            ))}
          </ul>
        ))}
    </SettingsPage>
  );
}

/** The category condition as one choice: `sub:<id>` a subcategory, `main:<id>` a main category with all its subcategories. */
const categoryChoice = (c: Rule['conditions']) => (c.sub_categories?.[0] ? `sub:${c.sub_categories[0]}` : c.main_categories?.[0] ? `main:${c.main_categories[0]}` : '');

function NewRule({ onAdd }: { onAdd: (rule: Rule) => void }) {
  const id = useId();
  const { staffData } = useAuth();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [area, setArea] = useState('');
  const [types, setTypes] = useState<Set<number>>(new Set());
  const [sources, setSources] = useState<Set<number>>(new Set());
  const [days, setDays] = useState<Set<number>>(new Set());
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [routing, setRouting] = useState('');
  const [directing, setDirecting] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const departments = [...(staffData?.departments ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  const groups = groupSubcategories(staffData?.categories ?? []);
  const areas = staffData?.areas ?? [];
  const typeList = typeOptions();
  const sourceList = sourceNames(staffData?.sources ?? []);
  const field = (key: string) => `${id}-${key}`;
  const add = () => {
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = T.nameRequired;
    if (from && until && from === until) local.until = T.timeSame;
    if (!routing) local.routing = T.routingRequired;
    setErrors(local);
    if (Object.keys(local).length) return;
    const [kind, chosen] = category.split(':');
    onAdd({
      name: name.trim(),
      conditions: {
        ...(kind === 'sub' ? { sub_categories: [Number(chosen)] } : kind === 'main' ? { main_categories: [Number(chosen)] } : {}),
        ...(area ? { areas: [Number(area)] } : {}),
        ...(types.size ? { types: [...types].sort().map((i) => typeList[i]!.id) } : {}),
        ...(sources.size ? { sources: [...sources].sort().map((i) => sourceList[i]!) } : {}),
        ...(days.size ? { days: [...days].sort() } : {}),
        ...(from ? { time_from: from } : {}),
        ...(until ? { time_until: until } : {}),
      },
      routing: [Number(routing)],
      directing: directing ? [Number(directing)] : [],
    });
    setName('');
    setCategory('');
    setArea('');
    setTypes(new Set());
    setSources(new Set());
    setDays(new Set());
    setFrom('');
    setUntil('');
    setRouting('');
    setDirecting('');
  };
  const select = (key: string, label: string, value: string, set: (v: string) => void, options: { value: string; label: string }[], empty: string, required = false, hint?: string) => (
    <SelectField id={field(key)} label={label} required={required} error={errors[key]} hint={hint} value={value} onChange={set}>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
  const time = (key: string, label: string, value: string, set: (v: string) => void) => (
    <CustomField id={field(key)} label={label} error={errors[key]} hint={T.timeHint}>
      {(control) => <input {...control} type="time" className="utrecht-textbox utrecht-textbox--html-input ml-textbox ml-settings__time" value={value} onChange={(e) => set(e.target.value)} />}
    </CustomField>
  );
  const summaryFields = Object.fromEntries(Object.keys(errors).map((key) => [key, { id: field(key), label: FIELD_LABELS[key] }]));
  return (
    <Form label={T.newRule} className="ml-settings__form" onSubmit={add}>
      <h2 className="utrecht-heading-2">{T.newRule}</h2>
      <FormErrorSummary title={T.errorSummary} errors={errors} fields={summaryFields} />
      <TextField id={field('name')} label={T.name} value={name} onChange={setName} required error={errors.name} />
      <SelectField id={field('category')} label={T.category} hint={T.categoryHint} value={category} onChange={setCategory}>
        <option value="">{T.anyCategory}</option>
        {groups.map((g) => (
          <optgroup key={g.main.id} label={g.main.name}>
            <option value={`main:${g.main.id}`}>{T.wholeMain(g.main.name)}</option>
            {g.subs.map((c) => (
              <option key={c.id} value={`sub:${c.id}`}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      {select('area', T.area, area, setArea, areas.map((a) => ({ value: String(a.id), label: `${a.name} (${a.type.name.toLowerCase()})` })), T.anyArea)}
      <div className="ml-settings__inline-options">
        <Checklist legend={T.types} hint={T.noneIsAll} prefix={field('types')} items={typeList.map((t, i) => ({ id: i, label: t.label }))} selected={types} onToggle={(i, on) => setTypes((s) => toggled(s, i, on))} />
        <Checklist legend={T.sources} hint={T.noneIsAll} prefix={field('sources')} items={sourceList.map((name, i) => ({ id: i, label: name }))} selected={sources} onToggle={(i, on) => setSources((s) => toggled(s, i, on))} />
        <Checklist legend={T.days} hint={T.noneIsAll} prefix={field('days')} items={WEEKDAYS.map((d) => ({ id: d, label: weekdayName(d) }))} selected={days} onToggle={(d, on) => setDays((s) => toggled(s, d, on))} />
      </div>
      <div className="ml-settings__times">
        {time('from', T.timeFrom, from, setFrom)}
        {time('until', T.timeUntil, until, setUntil)}
      </div>
      {select('routing', T.routing, routing, setRouting, departments.map((d) => ({ value: String(d.id), label: `${d.name} (${d.code})` })), T.chooseDepartment, true)}
      {select('directing', T.directing, directing, setDirecting, departments.map((d) => ({ value: String(d.id), label: `${d.name} (${d.code})` })), T.noDirecting)}
      <button type="submit" className="utrecht-button utrecht-button--secondary-action">
        {T.addButton}
      </button>
    </Form>
  );
}

const ACTIVE: readonly RerouteJob['status'][] = ['queued', 'running'];

interface RerouteJob {
  id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  moved: number;
  requested_by: string;
  finished_at: string | null;
  error: string | null;
}

/**
 * Every open report routed again by the saved rules, in the background on the server (a job in
 * batches): started here, its progress read every second while it runs. The overview stays usable
 * meanwhile; a person's routing is kept.
 */
function RerouteOpenReports() {
  const api = useApi();
  const id = useId();
  const [failure, setFailure] = useState('');
  const [started, setStarted] = useState(false);
  // the newest job; while it runs, read again every second
  const latest = useQuery({
    queryKey: ['routing', 'reroute'],
    queryFn: ({ signal }) => api.get<{ job: RerouteJob | null }>(API_PATHS.routingRulesReroute, { signal }).then((answer) => answer.job),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && ACTIVE.includes(query.state.data.status) ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: () => api.request<RerouteJob>('POST', API_PATHS.routingRulesReroute, { body: {} }),
    onMutate: () => setFailure(''),
    onSuccess: () => setStarted(true),
    onError: (error) => setFailure((error instanceof ApiError ? (error.body as { detail?: string } | undefined)?.detail : undefined) ?? T.rerouteFailed),
    onSettled: () => latest.refetch(),
  });
  const job = latest.data;
  const active = !!job && ACTIVE.includes(job.status);
  const shown = job ? Math.min(job.done, job.total) : 0;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="utrecht-heading-2">
        {T.rerouteTitle}
      </h2>
      <p className="utrecht-paragraph">{T.rerouteIntro}</p>
      <button type="button" className="utrecht-button utrecht-button--secondary-action" disabled={latest.isPending || active || start.isPending} onClick={() => start.mutate()}>
        {T.rerouteButton}
      </button>
      {job && active && (
        <div className="ml-settings__progress">
          <p id={`${id}-progress`} className="utrecht-paragraph">
            {job.status === 'queued' ? T.rerouteQueued : T.rerouteProgress(shown, job.total)}
          </p>
          <progress aria-labelledby={`${id}-progress`} max={Math.max(job.total, 1)} value={shown} />
        </div>
      )}
      {/* announced when it starts and when it ends, not at every step */}
      <div role="status">
        {job && active && started && <p className="ml-visually-hidden">{T.rerouteStarted}</p>}
        {job?.status === 'done' && <p className="utrecht-paragraph">{T.rerouteDone(job.done, job.moved, job.finished_at ? formatCreatedAt(job.finished_at) : '')}</p>}
        {job?.status === 'failed' && <p className="utrecht-form-field-error-message ml-error-message">{T.rerouteJobFailed}</p>}
      </div>
      <div role="alert">
        {(failure || latest.isError) && <p className="utrecht-form-field-error-message ml-error-message">{failure || T.rerouteLoadFailed}</p>}
      </div>
    </section>
  );
}

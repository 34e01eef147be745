/**
 * The studio's versions: who published each and when, compare two (or a version and the
 * draft) as a readable line diff (jsdiff), export one as NAME.json, roll back to one
 * (a new version with its questions).
 */
import { formatCreatedAt } from '@meldloket/engine';
import { diffLines, type ChangeObject } from 'diff';
import { useId, useState } from 'react';
import { saveBlob } from '../../api/download.ts';
import { useNotifications } from '../../notifications/index.ts';
import { failureMessage } from '../api.ts';
import { SettingsTable } from '../components.tsx';
import { refusalMessage, useRollback, useVersionFetcher, useVersions } from './api.ts';
import { QueryState } from '../../api/QueryState.tsx';
import { STUDIO_TEXTS as T } from './texts.ts';
import { SelectField } from '../../forms/index.ts';

/** A document as question-sets/ holds it: two spaces, a newline at the end. */
export const fileText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

const DRAFT = 'concept';

export function Versions({ name, current, draftText, onRolledBack }: { name: string; current: number | null; draftText: string | null; onRolledBack: (message: string) => void }) {
  const id = useId();
  const versions = useVersions(name);
  const fetchVersion = useVersionFetcher(name);
  const rollback = useRollback(name);
  const { show } = useNotifications();
  const list = versions.data ?? [];
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [diff, setDiff] = useState<{ from: string; to: string; parts: ChangeObject<string>[] } | null>(null);
  const label = (v: string) => (v === DRAFT ? T.compareDraft : T.version(Number(v)));
  const textOf = async (v: string) => (v === DRAFT ? (draftText ?? '') : fileText((await fetchVersion(Number(v))).document));
  const fromValue = from || String(list[1]?.version ?? list[0]?.version ?? '');
  const toValue = to || (draftText !== null ? DRAFT : String(list[0]?.version ?? ''));

  const compare = async () => {
    try {
      const [a, b] = await Promise.all([textOf(fromValue), textOf(toValue)]);
      setDiff({ from: fromValue, to: toValue, parts: diffLines(a, b) });
    } catch (error) {
      show({ title: T.compareFailed, message: failureMessage(error), variant: 'error', type: 'local' });
    }
  };
  const exportVersion = async (version: number) => {
    try {
      const found = await fetchVersion(version);
      saveBlob(new Blob([fileText(found.document)], { type: 'application/json' }), `${name}.json`);
    } catch (error) {
      show({ title: T.versionsFailed, message: failureMessage(error), variant: 'error', type: 'local' });
    }
  };
  const rollBack = (version: number) =>
    rollback.mutate(
      { version, based_on: current },
      {
        onSuccess: (made) => onRolledBack(T.rolledBack(made.version, version)),
        onError: (error) => show({ title: T.rollbackFailed, message: refusalMessage(error), variant: 'error', type: 'local' }),
      },
    );

  const added = diff?.parts.filter((p) => p.added).reduce((n, p) => n + (p.count ?? 0), 0) ?? 0;
  const removed = diff?.parts.filter((p) => p.removed).reduce((n, p) => n + (p.count ?? 0), 0) ?? 0;
  const options = [...(draftText !== null ? [DRAFT] : []), ...list.map((v) => String(v.version))];

  return (
    <section aria-labelledby={`${id}-title`} className="ml-studio__versions">
      <h2 id={`${id}-title`} className="utrecht-heading-2">
        {T.versionsTitle}
      </h2>
      <QueryState query={versions} failed={T.versionsFailed} />
      {list.length > 0 && (
        <SettingsTable
          scrollLabel={T.versionsTable}
          rows={list.map((v) => ({ ...v, id: v.version }))}
          columns={[
            { header: T.versionCol, cell: (v) => `${v.version}${v.version === current ? ` ${T.current}` : ''}` },
            { header: T.who, cell: (v) => v.published_by },
            { header: T.when, cell: (v) => formatCreatedAt(v.published_at) },
            { header: T.note, cell: (v) => v.note ?? '' },
            {
              header: T.actions,
              cell: (v) => (
                <span className="ml-settings__row-actions">
                  <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => void exportVersion(v.version)}>
                    {T.export(v.version)}
                  </button>
                  {v.version !== current && (
                    <button type="button" className="utrecht-button utrecht-button--subtle" disabled={rollback.isPending} onClick={() => rollBack(v.version)}>
                      {T.rollback(v.version)}
                    </button>
                  )}
                </span>
              ),
            },
          ]}
        />
      )}
      {options.length > 1 && (
        <div className="ml-studio__compare" role="group" aria-labelledby={`${id}-compare`}>
          <h3 id={`${id}-compare`} className="utrecht-heading-3">
            {T.compareTitle}
          </h3>
          {(
            [
              ['from', T.compareFrom, fromValue, setFrom],
              ['to', T.compareTo, toValue, setTo],
            ] as const
          ).map(([key, text, value, set]) => (
            <SelectField key={key} id={`${id}-${key}`} label={text} hideOptional wide className="ml-studio__inline-field" value={value} onChange={set}>
              {options.map((o) => (
                <option key={o} value={o}>
                  {label(o)}
                </option>
              ))}
            </SelectField>
          ))}
          <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => void compare()}>
            {T.compare}
          </button>
          {diff && (
            <div role="region" aria-label={T.diffLabel(label(diff.from), label(diff.to))} tabIndex={0} className="ml-studio__diff">
              <p className="utrecht-paragraph" role="status">
                {added + removed === 0 ? T.noDiff : T.diffSummary(added, removed)}
              </p>
              <pre className="ml-studio__code">
                {diff.parts.map((part, i) => {
                  const lines = part.value.replace(/\n$/, '').split('\n');
                  if (part.added)
                    return (
                      <ins key={i} className="ml-studio__added">
                        <span className="ml-visually-hidden">{T.added}: </span>
                        {lines.map((l) => `+ ${l}`).join('\n')}
                        {'\n'}
                      </ins>
                    );
                  if (part.removed)
                    return (
                      <del key={i} className="ml-studio__removed">
                        <span className="ml-visually-hidden">{T.removed}: </span>
                        {lines.map((l) => `- ${l}`).join('\n')}
                        {'\n'}
                      </del>
                    );
                  // unchanged: the three lines around each change, the rest folded
                  const keep = lines.length > 7 ? [...lines.slice(0, i === 0 ? 0 : 3), '  …', ...lines.slice(i === diff.parts.length - 1 ? lines.length : -3)] : lines;
                  return <span key={i}>{keep.map((l) => (l === '  …' ? l : `  ${l}`)).join('\n')}{'\n'}</span>;
                })}
              </pre>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

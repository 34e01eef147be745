/**
 * /instellingen/gebieden (docs/routing.md): the area types and their areas, listed and on a map
 * (AreasMap, a lazy chunk with Leaflet), and the import of a GeoJSON file (WGS84 or RD) as the
 * areas of one type, for those with `sia_area_write`.
 */
import { API_PATHS } from '@meldloket/engine';
import { FieldShell } from '@meldloket/renderer';
import { lazy, Suspense, useId, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { useWrite } from '../../api/write.ts';
import { useNotifications } from '../../notifications/index.ts';
import { QueryState } from '../../api/QueryState.tsx';
import { SettingsPage, SettingsTable } from '../components.tsx';
import { Form, TextField } from '../../forms/index.ts';
import { useSettingsChanged, useSettingsRead } from '../queries.ts';
import { AREAS_TEXTS as T } from './texts.ts';

/** Leaflet loads only when the screen shows the map. */
const AreasMap = lazy(() => import('./AreasMap.tsx'));

interface AreaList {
  types: { code: string; name: string; count: number }[];
  results: { id: number; code: string; name: string; type: { code: string; name: string } }[];
}

const failureOf = (error: unknown): string => {
  const body = (error as { body?: unknown })?.body as Record<string, unknown> | undefined;
  const messages = body ? Object.values(body).flatMap((v) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [])) : [];
  return messages.join(' ') || T.importFailed;
};

export default function AreasSection() {
  const api = useApi();
  const id = useId();
  const { show } = useNotifications();
  const list = useSettingsRead<AreaList>(API_PATHS.areas);
  const changed = useSettingsChanged();
  const [typeCode, setTypeCode] = useState('');
  const [typeName, setTypeName] = useState('');
  const [codeProperty, setCodeProperty] = useState('code');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const importAreas = useWrite({
    write: (body: { type_code: string; type_name: string; code_property?: string; geojson: unknown }) => api.request<{ count: number }>('POST', API_PATHS.areasImport, { body }),
    onSuccess: () => void changed(),
    stale: () => [['areas']],
  });
  const busy = importAreas.busy;

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!/^[a-z0-9_-]+$/.test(typeCode)) local.typeCode = T.typeCodeInvalid;
    if (!typeName.trim()) local.typeName = T.typeNameRequired;
    if (!file) local.file = T.fileRequired;
    setErrors(local);
    if (Object.keys(local).length || !file) return;
    let geojson: unknown;
    try {
      geojson = JSON.parse(await file.text());
    } catch {
      setErrors({ file: T.notJson });
      return;
    }
    const outcome = await importAreas.run({ type_code: typeCode, type_name: typeName.trim(), code_property: codeProperty.trim() || undefined, geojson });
    if (!outcome) return;
    if (outcome.ok) show({ title: T.imported(outcome.data.count, typeName.trim()), variant: 'success', type: 'local' });
    else setErrors({ file: failureOf(outcome.error) });
  };

  return (
    <SettingsPage title={T.title} back="/instellingen/">
      <p className="utrecht-paragraph">{T.intro}</p>
      <QueryState query={list} failed={T.failed} />
      {list.isSuccess && (
        <SettingsTable
          scrollLabel={T.typesTable}
          rows={list.data.types.map((t) => ({ ...t, id: t.code }))}
          columns={[
            { header: T.typeName, cell: (t) => t.name },
            { header: T.typeCode, cell: (t) => t.code },
            { header: T.count, cell: (t) => t.count },
            { header: T.areas, cell: (t) => list.data.results.filter((a) => a.type.code === t.code).slice(0, 12).map((a) => a.name).join(', ') + (t.count > 12 ? ', …' : '') },
          ]}
        />
      )}
      {list.isSuccess && list.data.results.length > 0 && (
        <Suspense fallback={<p className="utrecht-paragraph" role="status">{T.mapLoading}</p>}>
          <AreasMap />
        </Suspense>
      )}
      <Form label={T.importTitle} className="ml-settings__form" onSubmit={() => void submit()}>
        <h2 className="utrecht-heading-2">{T.importTitle}</h2>
        <p className="utrecht-paragraph">{T.importIntro}</p>
        <TextField id={`${id}-code`} label={T.typeCode} value={typeCode} onChange={setTypeCode} required error={errors.typeCode} hint={T.typeCodeHint} />
        <TextField id={`${id}-name`} label={T.typeName} value={typeName} onChange={setTypeName} required error={errors.typeName} />
        <TextField id={`${id}-property`} label={T.codeProperty} value={codeProperty} onChange={setCodeProperty} hint={T.codePropertyHint} />
        <FieldShell id={`${id}-file`} label={T.file} required error={errors.file}>
          {(control) => <input {...control} type="file" accept=".json,.geojson,application/geo+json,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
        </FieldShell>
        <button type="submit" className="utrecht-button utrecht-button--primary-action" disabled={busy}>
          {T.importButton}
        </button>
      </Form>
    </SettingsPage>
  );
}

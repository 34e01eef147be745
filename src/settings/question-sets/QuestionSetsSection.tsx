/**
 * /instellingen/vragenlijsten (docs/studio-api.md, docs/authoring.md): every question set with the
 * subcategories that use it, its published version and any draft; each opens the studio
 * (`{name}`), a chunk of its own so the list does not load the editor.
 */
import { formatCreatedAt } from '@meldloket/engine';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { SettingsPage, SettingsTable } from '../components.tsx';
import { SETTINGS_TEXTS } from '../texts.ts';
import { useQuestionSets } from './api.ts';
import { QueryState } from '../../api/QueryState.tsx';
import { STUDIO_TEXTS as T } from './texts.ts';

const Studio = lazy(() => import('./Studio.tsx'));

export default function QuestionSetsSection() {
  return (
    <Routes>
      <Route index element={<QuestionSetList />} />
      <Route
        path=":name"
        element={
          <Suspense fallback={<p className="utrecht-paragraph" role="status">{SETTINGS_TEXTS.loading}</p>}>
            <Studio />
          </Suspense>
        }
      />
    </Routes>
  );
}

function QuestionSetList() {
  const sets = useQuestionSets();
  return (
    <SettingsPage title={T.title} back="/instellingen/">
      <p className="utrecht-paragraph">{T.intro}</p>
      <QueryState query={sets} failed={T.failed} />
      {sets.data && (
        <SettingsTable
          scrollLabel={T.table}
          rows={sets.data.map((s) => ({ ...s, id: s.name }))}
          columns={[
            { header: T.name, cell: (s) => `${s.title} (${s.name})`, to: (s) => `/instellingen/vragenlijsten/${encodeURIComponent(s.name)}` },
            { header: T.subcategories, cell: (s) => (s.subcategories.length ? s.subcategories.map((c) => c.name).join(', ') : T.noSubcategories) },
            { header: T.published, cell: (s) => (s.published ? T.publishedBy(s.published.version, s.published.published_by, formatCreatedAt(s.published.published_at)) : T.notPublished) },
            { header: T.draft, cell: (s) => (s.draft ? T.draftBy(s.draft.updated_by, formatCreatedAt(s.draft.updated_at)) : T.noDraft) },
          ]}
        />
      )}
    </SettingsPage>
  );
}

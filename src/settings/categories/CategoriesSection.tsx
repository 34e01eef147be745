/**
 * /instellingen/categorieen: the subcategories sorted by name ignoring case, each as its
 * name with the responsible department codes (docs/reference/screens.md#entities); a category's name, public name,
 * description, handling message (with a live preview of the resident's thank-you text),
 * SLA (n days, working or calendar days), the radius of 'Is dit hetzelfde probleem?' (docs/duplicates.md), active and public accessibility, a note, and
 * its change history. The form only for `categoryForm` (docs/reference/permissions.md#roles).
 */
import { dayWord, formatDayCount, NEARBY_RADIUS } from '@meldloket/engine';
import { useState } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { useApi } from '../../api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { NotFoundPage } from '../../static/NotFoundPage.tsx';
import { residentHandlingMessage } from '../../wizard/handling-message.ts';
import { WhatNext } from '../../wizard/steps/HandlingMessage.tsx';
import { QueryState } from '../../api/QueryState.tsx';
import { SETTINGS_PATHS, type Category } from '../api.ts';
import { HistoryList, SettingsPage, SettingsTable, useSave } from '../components.tsx';
import { CheckboxField, Form, FormButtons, SelectField, TextField } from '../../forms/index.ts';
import { useCategories, useSavedInList } from '../queries.ts';
import { SETTINGS_TEXTS as T } from '../texts.ts';
import { parentId, sortedSubcategories, subcategoryLabel } from './tree.ts';

const BASE = '/instellingen/categorieen';

const RADIUS_LABEL = 'Straal meldingen in de buurt (meter)';
const RADIUS_HINT = `Een melder die op deze plek meldt, ziet de open meldingen van deze subcategorie binnen deze afstand ('Is dit hetzelfde probleem?') en kan die volgen. Van ${NEARBY_RADIUS.min} tot en met ${NEARBY_RADIUS.max} meter; standaard ${NEARBY_RADIUS.default}.`;
const RADIUS_ERROR = `Vul een straal in van ${NEARBY_RADIUS.min} tot en met ${NEARBY_RADIUS.max} meter.`;

const slaText = (sla: Category['sla']) => (sla ? formatDayCount(sla.n_days, !sla.use_calendar_days) : '–');

export default function CategoriesSection() {
  const { can } = useAuth();
  const editable = can?.('categoryForm') ?? false;
  const categories = useCategories();
  return (
    <Routes>
      <Route index element={<CategoryList categories={categories} />} />
      <Route path=":id" element={<CategoryForm categories={categories} readOnly={!editable} />} />
    </Routes>
  );
}

type Loaded = ReturnType<typeof useCategories>;

function CategoryList({ categories }: { categories: Loaded }) {
  return (
    <SettingsPage title="Categorieën" back="/instellingen/">
      <QueryState query={categories} failed={T.categoriesFetchFailed} />
      {categories.isSuccess && (
        <SettingsTable
          scrollLabel="Categorieën"
          rows={sortedSubcategories(categories.data).map(({ sub, main }) => ({ id: sub.id, sub, main }))}
          columns={[
            { header: 'Subcategorie', cell: ({ sub }) => subcategoryLabel(sub), to: ({ sub }) => `${BASE}/${sub.id}` },
            { header: 'Hoofdcategorie', cell: ({ main }) => main?.name },
            { header: 'Afhandeltermijn', cell: ({ sub }) => slaText(sub.sla) },
            { header: 'Status', cell: ({ sub }) => (sub.is_active ? 'Actief' : 'Niet actief') },
          ]}
        />
      )}
    </SettingsPage>
  );
}

function CategoryForm({ categories, readOnly }: { categories: Loaded; readOnly: boolean }) {
  const { id } = useParams();
  if (!categories.isSuccess) {
    return (
      <SettingsPage title="Categorie" back={BASE}>
        <QueryState query={categories} failed={T.categoriesFetchFailed} />
      </SettingsPage>
    );
  }
  const category = categories.data.find((c) => String(c.id) === id);
  if (!category) return <NotFoundPage />;
  return <CategoryFields key={category.id} category={category} readOnly={readOnly} isSub={parentId(category) !== null} />;
}

function CategoryFields({ category, readOnly, isSub }: { category: Category; readOnly: boolean; isSub: boolean }) {
  const api = useApi();
  const [name, setName] = useState(category.name);
  const [publicName, setPublicName] = useState(category.public_name ?? '');
  const [description, setDescription] = useState(category.description ?? '');
  const [handling, setHandling] = useState(category.handling_message ?? '');
  const [days, setDays] = useState(category.sla ? String(category.sla.n_days) : '');
  const [calendar, setCalendar] = useState(category.sla?.use_calendar_days ?? false);
  const [active, setActive] = useState(category.is_active);
  const [publicAccessible, setPublicAccessible] = useState(category.is_public_accessible);
  const [radius, setRadius] = useState(String(category.nearby_radius));
  const [note, setNote] = useState('');
  const { errors, busy, save } = useSave();
  const savedInList = useSavedInList<Category>(SETTINGS_PATHS.categories);
  const count = Number(days);
  const validDays = /^\d+$/.test(days.trim()) && count >= 1;
  const metres = Number(radius);
  const validRadius = /^\d+$/.test(radius.trim()) && metres >= NEARBY_RADIUS.min && metres <= NEARBY_RADIUS.max;
  const title = readOnly ? subcategoryLabel(category) : `Categorie wijzigen: ${category.name}`;

  const preview = (
    <section className="ml-settings__preview" aria-labelledby="category-preview-label" data-audience="resident">
      <p id="category-preview-label" className="ml-settings__preview-label">
        Voorbeeld: zo ziet de melder het na het versturen
      </p>
      <WhatNext message={residentHandlingMessage(handling)} />
    </section>
  );

  if (readOnly) {
    return (
      <SettingsPage title={title} back={BASE}>
        <p className="utrecht-paragraph">{T.viewOnly}</p>
        <dl className="ml-settings__details">
          <dt>Naam voor melders</dt>
          <dd>{category.public_name || '–'}</dd>
          <dt>Omschrijving</dt>
          <dd>{category.description || '–'}</dd>
          <dt>Afhandeltermijn</dt>
          <dd>{slaText(category.sla)}</dd>
          {isSub && (
            <>
              <dt>{RADIUS_LABEL}</dt>
              <dd>{`${category.nearby_radius} meter`}</dd>
            </>
          )}
          <dt>Status</dt>
          <dd>{category.is_active ? 'Actief' : 'Niet actief'}</dd>
          <dt>Openbaar tonen</dt>
          <dd>{category.is_public_accessible ? 'Ja' : 'Nee'}</dd>
        </dl>
        <h2 className="utrecht-heading-2">Servicebelofte</h2>
        {preview}
        <HistoryList path={SETTINGS_PATHS.categoryHistory(category.id)} />
      </SettingsPage>
    );
  }

  function submit() {
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Vul een naam in.';
    if (isSub && !validDays) local.n_days = 'Vul een aantal dagen in van 1 of meer.';
    if (isSub && !validRadius) local.nearby_radius = RADIUS_ERROR;
    const slaChanged = validDays && (category.sla?.n_days !== count || category.sla?.use_calendar_days !== calendar);
    const body = {
      name: name.trim(),
      public_name: publicName.trim() || null,
      description: description.trim() || null,
      handling_message: handling.trim() || null,
      is_active: active,
      is_public_accessible: publicAccessible,
      ...(isSub && validRadius ? { nearby_radius: metres } : {}),
      ...(slaChanged ? { new_sla: { n_days: count, use_calendar_days: calendar } } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    void save(local, T.categorySaveFailed, async () => {
      savedInList(await api.patch<Category>(SETTINGS_PATHS.category(category.id), body));
      return BASE;
    });
  }

  return (
    <SettingsPage title={title} back={BASE}>
      <Form className="ml-settings__form" onSubmit={submit}>
        <TextField id="category-name" label="Naam" required value={name} onChange={setName} error={errors.name} />
        <TextField id="category-public-name" label="Naam voor melders" hint="Leeg: de melder ziet de naam." value={publicName} onChange={setPublicName} error={errors.public_name} />
        <TextField id="category-description" label="Omschrijving" multiline value={description} onChange={setDescription} error={errors.description} />
        {isSub && (
          <fieldset className="utrecht-form-fieldset utrecht-form-fieldset--html-fieldset ml-fieldset ml-settings__group">
            <legend className="utrecht-form-fieldset__legend utrecht-form-fieldset__legend--html-legend ml-legend">Afhandeltermijn</legend>
            <div className="ml-settings__sla">
              <TextField id="category-sla-days" label="Aantal" type="number" inputMode="numeric" min={1} required value={days} onChange={setDays} error={errors.n_days} />
              <SelectField id="category-sla-kind" label="Soort dagen" hideOptional wide value={calendar ? 'calendar' : 'working'} onChange={(value) => setCalendar(value === 'calendar')}>
                <option value="working">{dayWord(validDays ? count : 2, true)}</option>
                <option value="calendar">{dayWord(validDays ? count : 2, false)}</option>
              </SelectField>
            </div>
            <p className="utrecht-paragraph" aria-live="polite">
              {validDays ? `Afhandeltermijn: ${formatDayCount(count, !calendar)}` : ''}
            </p>
          </fieldset>
        )}
        <TextField
          id="category-handling-message"
          label="Servicebelofte"
          hint="De tekst die de melder na het versturen ziet onder 'Wat doen we met uw melding?' en in de bevestigingsmail."
          multiline
          value={handling}
          onChange={setHandling}
          error={errors.handling_message}
        />
        {preview}
        {isSub && (
          <TextField id="category-nearby-radius" label={RADIUS_LABEL} hint={RADIUS_HINT} type="number" inputMode="numeric" min={NEARBY_RADIUS.min} required value={radius} onChange={setRadius} error={errors.nearby_radius} />
        )}
        <CheckboxField id="category-active" label="Actief" hint="Een niet-actieve categorie kan niet gekozen worden." checked={active} onChange={setActive} />
        <CheckboxField id="category-public" label="Openbaar tonen" hint="Meldingen in deze categorie staan op de openbare kaart." checked={publicAccessible} onChange={setPublicAccessible} />
        <TextField id="category-note" label="Notitie bij deze wijziging" hint="Komt in de geschiedenis." multiline value={note} onChange={setNote} error={errors.note} />
        <FormButtons busy={busy} cancel={BASE} />
      </Form>
      <HistoryList path={SETTINGS_PATHS.categoryHistory(category.id)} />
    </SettingsPage>
  );
}

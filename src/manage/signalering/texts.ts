import { PUNCTUALITY_LABELS } from '@meldloket/engine';
import { LOADING_TEXT } from '../../layout/texts.ts';

/** Every Dutch text of the signalering page (/manage/signalering). */
export const SIGNALERING_TEXTS = {
  title: 'Signalering',
  intro: 'Open meldingen die buiten hun afhandeltermijn vallen, en meldingen die al drie keer zo lang openstaan, per categorie en per afdeling waarnaar ze gerouteerd zijn (anders de verantwoordelijke afdeling van hun subcategorie). Elk aantal opent het overzicht met die meldingen.',
  loading: LOADING_TEXT,
  totals: 'Alle open meldingen',
  totalLabels: { open: 'open meldingen', late: 'buiten de afhandeltermijn', late_factor_3: '3x buiten de afhandeltermijn' },
  measures: { open: 'Open', late: PUNCTUALITY_LABELS.late, late_factor_3: PUNCTUALITY_LABELS.late_factor_3 },
  perCategory: 'Per categorie',
  perCategoryCaption: 'Open meldingen per subcategorie, de meeste te late eerst',
  perDepartment: 'Per afdeling',
  perDepartmentCaption: 'Open meldingen per afdeling waarnaar ze gerouteerd zijn, anders de verantwoordelijke afdeling van hun subcategorie, de meeste te late eerst',
  category: 'Categorie',
  department: 'Afdeling',
  none: 'Er staan geen meldingen open.',
  noneRouted: 'Er zijn geen open meldingen naar een afdeling gerouteerd.',
  countLabel: (n: number, measure: string, name: string) => `${n.toLocaleString('nl-NL')} meldingen ${measure.toLowerCase()}: ${name}`,
  perWeek: 'Binnengekomen en afgehandeld per week',
  chartLabel: (weeks: number) => `Staafdiagram: binnengekomen en afgehandelde meldingen in de laatste ${weeks} weken. Dezelfde cijfers staan in de tabel hieronder.`,
  incoming: 'Binnengekomen',
  closed: 'Afgehandeld',
  week: 'Week',
  weekLabel: (week: string, start: string) => {
    const n = Number(/W(\d+)$/.exec(week)?.[1] ?? week);
    const [y, m, d] = start.split('-');
    return `Week ${n} (${d}-${m}-${y})`;
  },
  weekShort: (week: string) => `wk ${Number(/W(\d+)$/.exec(week)?.[1] ?? week)}`,
  weeksCaption: 'Binnengekomen en afgehandelde meldingen per week',
} as const;

/** /manage/incident/{id}: the report detail page (src/manage/incident). */
export { default } from './incident/IncidentDetailPage.tsx';

/** /manage/incidents: the incidents overview (src/manage/overview). */
export { Overview as default } from './overview/Overview.tsx';

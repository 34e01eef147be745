/** /manage/signalering: open reports past their SLA, per category and department, and the weekly flow (src/manage/signalering). */
export { Signalering as default } from './signalering/Signalering.tsx';

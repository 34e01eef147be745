/** /instellingen/*: the settings area (a lazy chunk), behind the same gate as /manage. */
export { Gate as default } from '../manage/Gate.tsx';

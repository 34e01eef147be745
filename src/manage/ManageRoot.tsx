/** /manage/*: the back-office incident management area (a lazy chunk). */
export { Gate as default } from './Gate.tsx';

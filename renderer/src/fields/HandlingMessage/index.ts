export { HandlingMessage } from './HandlingMessage.tsx';

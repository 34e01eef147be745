export { CaterpillarSelect } from './CaterpillarSelect.tsx';

export { AssetSelect } from './AssetSelect.tsx';

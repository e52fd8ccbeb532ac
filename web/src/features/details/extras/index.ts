export { ExtrasTab } from './ExtrasTab.tsx';

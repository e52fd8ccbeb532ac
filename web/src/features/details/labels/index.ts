export { PrintLabelsTab } from './PrintLabelsTab.tsx';

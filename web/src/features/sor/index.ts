export { SorBanner } from './SorBanner.tsx';

export { formatLength } from './format.ts';

export { switchToUser } from './api.ts';

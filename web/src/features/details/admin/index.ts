export { AdminDetails } from './AdminDetails.tsx';
export { AdminOptions } from './AdminOptions.tsx';

export { VIDEO_ADMIN_ROUTES } from './routes.ts';

export { AdminDetails } from './AdminDetails.tsx';
export { AdminOptions } from './AdminOptions.tsx';

export { DASHBOARD_ROUTES } from './routes.ts';

export { OrderLineStatus } from './OrderLineStatus.tsx';
export { orderStatus } from './orderStatus.ts';

export { OrderLineStatus } from './OrderLineStatus.tsx';
export { orderStatus } from './orderStatus.ts';

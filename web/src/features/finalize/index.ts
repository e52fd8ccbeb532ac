export type { OrderReply } from './api.ts';
export { FinalizeGate, FinalizeProgress, useFinalizeSubmit } from './FinalizeShell.tsx';
export { StockEulaAgreement } from './StockEulaAgreement.tsx';

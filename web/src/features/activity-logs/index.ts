export { ACTIVITY_LOG_ROUTES } from './routes.ts';

export { activityLogsPageUrl, refreshActivityLogs, useActivityLog, type ActivityRow } from './api.ts';
export { ActivityLogTable } from './ActivityLogTable.tsx';

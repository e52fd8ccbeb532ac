export { activityLogsPageUrl, refreshActivityLogs, useActivityLog, type ActivityRow } from './api.ts';
export { ActivityLogTable } from './ActivityLogTable.tsx';

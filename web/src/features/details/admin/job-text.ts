import type { VideoDetails } from '../api.ts';

type AdminJob = NonNullable<VideoDetails['details']>['adminJobs'][number];

const NAMES: Record<AdminJob['job'], string> = { hd: 'HD video', web: 'Web video', dvd: 'DVD', postback: 'Postback' };

const stateText = (job: AdminJob): string => {
  if (job.status === 'done') return job.job === 'postback' ? `delivered (${job.message})` : 'complete';
  if (job.status === 'failed') return `failed${job.message ? `: ${job.message}` : ''}`;
  return `${Math.round(job.progress)}%${job.message ? ` ${job.message}` : ''}`;
};

/** One job row of the admin table: "HD video: complete", "DVD: 40% Encoding", "Postback: failed: ...". */
export const jobText = (job: AdminJob): string => `${NAMES[job.job]}: ${stateText(job)}`;

/** The web video's progress (spec 3 section 6 "web video progress"). */
export function webVideoText(jobs: AdminJob[]): string {
  const web = jobs.find((job) => job.job === 'web');
  if (!web) return 'Not made yet';
  const text = stateText(web);
  return text[0].toUpperCase() + text.slice(1);
}

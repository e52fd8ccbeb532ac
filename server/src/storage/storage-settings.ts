/** S3-compatible object storage, from STORAGE_URL=s3://bucket[/prefix] and the usual AWS variables. */
export interface S3Settings {
  bucket: string;
  /** Keys are stored under this folder of the bucket ('' for its top). */
  prefix: string;
  /** S3_ENDPOINT for MinIO, s3rver, Ceph, R2...; empty for AWS itself. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path rather than the host name: what S3-compatible servers expect (S3_FORCE_PATH_STYLE). */
  forcePathStyle: boolean;
}

/**
 * The storage a process uses: null for the local data folder (no STORAGE_URL, or file:), else the bucket. Anything
 * else stops the start with a clear message rather than writing media where no other machine looks.
 */
export function parseStorageSettings(env: NodeJS.ProcessEnv): S3Settings | null {
  const raw = (env.STORAGE_URL ?? '').trim();
  if (!raw || raw === 'local' || raw.startsWith('file:')) return null;
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(raw);
  if (!match) throw new Error(`STORAGE_URL: '${raw}' is not s3://bucket or s3://bucket/folder (leave it empty for the local data folder).`);
  const endpoint = (env.S3_ENDPOINT ?? '').trim();
  return {
    bucket: match[1],
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    accessKeyId: env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== '0' : Boolean(endpoint),
  };
}

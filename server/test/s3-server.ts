import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/storage-settings.ts';

export interface TestS3 {
  settings: S3Settings;
  /** The same bucket as a worker process's environment sees it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free port with one empty bucket, its files in a temporary folder. */
export async function startS3(bucket = 'tribute-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'tribute-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver takes any key pair (it checks signatures only against its own S3RVER default).
  // The SDK's notice that its 2027 versions need Node 22 says nothing about these tests.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const env = {
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    STORAGE_URL: `s3://${bucket}`,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
  };
  return {
    settings: { bucket, prefix: '', endpoint: env.S3_ENDPOINT, region: env.AWS_REGION, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    env,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

import type supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/** The tus 1.0 calls a browser's tus-js-client makes, spelled out so tests can stop and resume at will. */
type Client = ReturnType<typeof supertest> | TestAgent;

const encode = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export function createUpload(
  client: Client,
  meta: { video_id: string | number; filename: string; filetype?: string },
  size: number,
  headers: Record<string, string> = {},
) {
  let req = client
    .post('/r/uploads')
    .set('Tus-Resumable', '1.0.0')
    .set('Upload-Length', String(size))
    .set('Upload-Metadata', encode({ filetype: 'application/octet-stream', upload_id: 'u1', ...meta, video_id: String(meta.video_id) }));
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req;
}

export function patchUpload(client: Client, location: string, offset: number, bytes: Buffer, headers: Record<string, string> = {}) {
  let req = client
    .patch(location)
    .set('Tus-Resumable', '1.0.0')
    .set('Upload-Offset', String(offset))
    .set('Content-Type', 'application/offset+octet-stream');
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req.send(bytes);
}

export function headUpload(client: Client, location: string, headers: Record<string, string> = {}) {
  let req = client.head(location).set('Tus-Resumable', '1.0.0');
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return req;
}

/** Creates and sends a whole file; answers the final PATCH response (slide id in X-Slide-Id). */
export async function uploadFile(client: Client, videoId: number | string, filename: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const created = await createUpload(client, { video_id: videoId, filename }, bytes.length, headers);
  if (created.status !== 201) return created;
  return patchUpload(client, created.headers.location, 0, bytes, headers);
}

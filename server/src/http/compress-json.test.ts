import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Koa from 'koa';
import { COMPRESS_MIN_BYTES, compressJson } from './compress-json.ts';

describe('large JSON answers compressed', () => {
  const LARGE = { rows: Array.from({ length: 2_000 }, (_, i) => ({ id: i, title: `Video ${i}` })) };
  let server: Server;

  before(async () => {
    const app = new Koa();
    app.use(compressJson);
    app.use(async (ctx) => {
      if (ctx.path === '/large') ctx.body = LARGE;
      else if (ctx.path === '/small') ctx.body = { ok: true };
      else if (ctx.path === '/buffer') ctx.body = Buffer.from(JSON.stringify(LARGE));
      else if (ctx.path === '/refused') {
        ctx.status = 400;
        ctx.body = LARGE;
      }
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
  });
  after(() => server.close());

  /** A plain HTTP request: no client in between that would decompress the body. */
  function get(url: string, headers: Record<string, string>) {
    return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends a large answer in brotli, else gzip, decoding to the same JSON', async () => {
    assert.ok(JSON.stringify(LARGE).length > COMPRESS_MIN_BYTES);
    const br = await get('/large', { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers['content-type']), /^application\/json/);
    assert.match(String(br.headers.vary), /Accept-Encoding/);
    assert.deepEqual(JSON.parse(zlib.brotliDecompressSync(br.body).toString()), LARGE);
    const gz = await get('/large', { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(zlib.gunzipSync(gz.body).toString()), LARGE);
    const plain = await get('/large', {});
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(plain.body.toString()), LARGE);
  });

  it('leaves small answers, answers already made and refusals as they are', async () => {
    const small = await get('/small', { 'accept-encoding': 'br' });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(small.body.toString()), { ok: true });
    assert.equal((await get('/buffer', { 'accept-encoding': 'br' })).headers['content-encoding'], undefined);
    assert.equal((await get('/refused', { 'accept-encoding': 'br' })).headers['content-encoding'], undefined);
  });
});

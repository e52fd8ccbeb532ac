/**
 * A download server for the tests: serves one disc image at /downloads/video/{code}/dvd.iso with ETag and Range,
 * like the product's server, and can cut the connection half way or send slowly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IsoServer {
  origin: string;
  /** Every request's headers, in order. */
  requests: http.IncomingHttpHeaders[];
  /** Cut the next N full-body responses after half of the image. */
  cutNext: number;
  /** Bytes per second of each response (0: as fast as possible). */
  rate: number;
  close(): Promise<void>;
}

export async function startIsoServer(iso: Buffer, code = 'abc123', port = 0): Promise<IsoServer> {
  const etag = '"dvd-1-test"';
  const state: IsoServer = { origin: '', requests: [], cutNext: 0, rate: 0, close: async () => undefined };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== `/downloads/video/${code}/dvd.iso`) {
      response.writeHead(404).end();
      return;
    }
    state.requests.push(request.headers);
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const ifRange = request.headers['if-range'];
    if (range && (!ifRange || ifRange === etag)) {
      start = Number(range[1]);
      response.writeHead(206, { 'Content-Range': `bytes ${start}-${iso.length - 1}/${iso.length}`, 'Content-Length': iso.length - start, ETag: etag });
    } else {
      response.writeHead(200, { 'Content-Length': iso.length, ETag: etag, 'Accept-Ranges': 'bytes' });
    }
    const body = iso.subarray(start);
    if (state.cutNext > 0 && start === 0) {
      state.cutNext -= 1;
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => response.socket?.destroy(), 50));
      return;
    }
    if (!state.rate) {
      response.end(body);
      return;
    }
    let sent = 0;
    const step = Math.max(1024, Math.floor(state.rate / 20));
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer);
      response.write(body.subarray(sent, sent + step));
      sent += step;
      if (sent >= body.length) {
        clearInterval(timer);
        response.end();
      }
    }, 50);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

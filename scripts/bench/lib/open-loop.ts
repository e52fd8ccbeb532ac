import http from 'node:http';

export interface OpenLoopFigures {
  /** Latencies in ms, sorted; each from the moment its request was due, not from when it was sent. */
  times: number[];
  achieved: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

/**
 * Requests at a steady arrival rate: request i is due at start + i / rate, whether or not earlier ones have been
 * answered (an open loop, as many browsers polling are). autocannon's rate limit is not that: each connection sends
 * back to back until it has made its share of the second, then waits for the next second, so a second's 300 arrive
 * at once over 50 connections and the figures are those of 50 concurrent callers. Each latency counts from the due
 * time, so a client that falls behind (coordinated omission) or a socket that is not free shows as latency.
 */
export async function openLoop(url: string, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopFigures> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const figures: OpenLoopFigures = { times: [], achieved: 0, errors: 0, non2xx: 0, bytes: 0 };
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
        if (res.statusCode! < 200 || res.statusCode! > 299) figures.non2xx++;
        res.on('data', (chunk: Buffer) => (figures.bytes += chunk.length));
        res.on('end', () => {
          figures.times.push(performance.now() - due);
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timed out')));
      req.on('error', () => {
        figures.errors++;
        resolve();
      });
      req.end();
    });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  agent.destroy();
  figures.times.sort((a, b) => a - b);
  figures.achieved = figures.times.length / ((performance.now() - start) / 1000);
  return figures;
}

/**
 * The detector's own process (started by detection-runner.ts): the WebAssembly detector blocks for a second or
 * more a photo and keeps some hundred megabytes, so it lives outside the server's and worker's event loops,
 * at low CPU priority, and is ended when it grows too big or sits idle. One request at a time over IPC.
 */
import { detect, loadDetector } from './face-detect.ts';
import { analysePhoto } from './rotation-analysis.ts';

interface Request {
  id: number;
  file: string;
}

process.on('message', (message: Request) => {
  void (async () => {
    try {
      await loadDetector();
      const verdict = await analysePhoto(message.file, detect);
      process.send?.({ id: message.id, verdict, rss: process.memoryUsage().rss });
    } catch (err) {
      process.send?.({ id: message.id, error: err instanceof Error ? err.message : String(err), rss: process.memoryUsage().rss });
    }
  })();
});
process.on('disconnect', () => process.exit(0));

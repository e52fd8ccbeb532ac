import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refuses before the app sees a request, in words a caller can act on. */
const REFUSALS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's address or headers are too large."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Node answers a request its parser refuses (an address or headers over its 16 KB limit, bytes that are not HTTP)
 * with a bare status and no body. The API's callers always get the JSON error body, so those answers are written
 * here in the same shape ({errors: [message]}) before the connection closes (found by the route fuzz test, issue 17).
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = REFUSALS[err.code ?? ''] ?? [400, 'The request is not valid HTTP.'];
    const body = JSON.stringify({ errors: [message] });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

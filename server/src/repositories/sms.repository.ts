export interface SmsTransport {
  /** `to` is an E.164 number; resolves once the provider accepted the message. */
  send(to: string, body: string): Promise<void>;
}

/** Long enough for a slow provider, short enough that the share dialog does not hang. */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * An HTTP SMS provider when SMS_URL is set: POST JSON {to, body}, with `Authorization: Bearer SMS_TOKEN` when a token
 * is given; any 2xx answer means accepted. Undefined without SMS_URL: messages then stay in the outbox only.
 */
export function httpSmsTransport(url: string, token: string): SmsTransport | undefined {
  if (!url) return undefined;
  return {
    async send(to, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        throw new Error(`SMS provider answered ${response.status} ${detail}`.trim());
      }
    },
  };
}

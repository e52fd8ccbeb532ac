/**
 * The extension's background (Chrome's service worker, Firefox's background script): adapts the browser's ports to
 * the relay (relay.ts) and opens the burn window. All the protocol logic lives in relay.ts.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { NATIVE_HOST_NAME } from '../../common/burn-protocol.ts';
import { BROWSER, PUBLIC_ORIGIN, PUBLIC_URL } from './config.ts';
import { acceptPagePort, type RelayPort } from './relay.ts';

/** The browser's reason a port closed: Firefox sets port.error, Chrome sets runtime.lastError during the event. */
function disconnectReason(port: Runtime.Port): string | null {
  const chromeError = (globalThis as { chrome?: { runtime?: { lastError?: { message?: string } } } }).chrome?.runtime?.lastError;
  return port.error?.message ?? chromeError?.message ?? null;
}

function wrap(port: Runtime.Port): RelayPort {
  return {
    post: (message) => port.postMessage(message),
    close: () => port.disconnect(),
    onMessage: (listener) => port.onMessage.addListener((message: unknown) => listener(message)),
    onDisconnect: (listener) => port.onDisconnect.addListener(() => listener(disconnectReason(port))),
  };
}

browser.runtime.onConnect.addListener((port) => {
  // Only our own content script connects with this name; anything else is not ours to serve.
  if (port.name !== 'burn' || port.sender?.id !== browser.runtime.id) {
    port.disconnect();
    return;
  }
  acceptPagePort(wrap(port), port.sender?.url, {
    origin: PUBLIC_ORIGIN,
    publicUrl: PUBLIC_URL,
    extensionVersion: browser.runtime.getManifest().version,
    browser: BROWSER,
    connectNative: () => wrap(browser.runtime.connectNative(NATIVE_HOST_NAME)),
    async openWindow(url, size) {
      await browser.windows.create({ url, type: 'popup', width: size.width, height: size.height, focused: true });
    },
  });
});

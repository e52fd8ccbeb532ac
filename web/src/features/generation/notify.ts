import { completionNotice } from './status.ts';

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

/** 'unsupported' where the browser has no notifications; otherwise the browser's own permission state. */
export type NotifyPermission = NotificationPermission | 'unsupported';

export const notifyPermission = (): NotifyPermission => (supported() ? Notification.permission : 'unsupported');

/** Asked only from a button the person pressed, never on load. */
export async function askNotifyPermission(): Promise<NotifyPermission> {
  if (!supported()) return 'unsupported';
  return Notification.requestPermission();
}

/** Shows 'The video for {title} is complete!' when the person has allowed notifications. */
export function notifyComplete(title: string): void {
  if (notifyPermission() !== 'granted') return;
  try {
    new Notification(completionNotice(title), { tag: `video-complete-${title}` });
  } catch {
    // Some mobile browsers only notify through a service worker; the bell and the page still tell the person.
  }
}

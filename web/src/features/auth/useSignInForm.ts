import { useState, type FormEvent } from 'react';
import { messageOf } from './api.ts';

/** Where a sign-in may send the browser afterwards: paths on this site only (the server's rule for form posts). */
export function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/dashboard';
}

/**
 * Sends a sign-in form as JSON and then loads the destination in full, so every part of the app starts from the new
 * session. The form keeps its method and action, and the server answers such a plain post too; sending it from script
 * keeps what was typed when the server refuses, and works under the page's no-referrer policy (which makes a browser
 * send a plain form post with an opaque Origin).
 */
export function useSignInForm(send: (fields: Record<string, string>) => Promise<unknown>, destination: string, initialError: string | null) {
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    new FormData(event.currentTarget).forEach((value, key) => {
      if (typeof value === 'string') fields[key] = value;
    });
    setBusy(true);
    setError(null);
    try {
      await send(fields);
      window.location.assign(destination);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  }

  return { error, busy, onSubmit };
}

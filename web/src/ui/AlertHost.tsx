import { lazy, Suspense, useEffect, useState } from 'react';
import { setAlertHandler } from '../api/index.ts';

// Fetched with the first error: MUI's Dialog and Modal are not needed by a page that has nothing to report.
const AlertDialog = lazy(() => import('./AlertDialog.tsx'));

/** Shows server errors (the first of `errors`) in a dialog instead of the browser's alert box. */
export function AlertHost() {
  const [messages, setMessages] = useState<string[]>([]);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    setAlertHandler((message) => {
      setUsed(true);
      setMessages((m) => [...m, message]);
    });
    return () => setAlertHandler(undefined);
  }, []);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog message={messages[0]} onClose={() => setMessages((m) => m.slice(1))} />
    </Suspense>
  );
}

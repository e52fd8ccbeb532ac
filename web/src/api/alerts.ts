/** The app shell registers a dialog here; until then (or in tests of plain modules) window.alert is used. */
type AlertHandler = (message: string) => void;

let handler: AlertHandler | undefined;

export function setAlertHandler(next: AlertHandler | undefined): void {
  handler = next;
}

export function showAlert(message: string): void {
  if (handler) handler(message);
  else if (typeof window !== 'undefined') window.alert(message);
}

import { useSyncExternalStore } from 'react';
import { Limits } from '../../sync/constants.ts';

interface ToastItem {
  id: number;
  text: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Shows a short message for 2000 ms (spec §9). Any non-success response ends up here. */
export function toast(text: string): void {
  if (!text.trim()) return;
  const id = nextId++;
  items = [...items.filter((t) => t.text !== text), { id, text }];
  emit();
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, Limits.toastMs);
}

/** Whether a message is on screen now (a confirmation the home's ads must not cover). */
export function toastShowing(): boolean {
  return items.length > 0;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function ToastHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {current.map((t) => (
        <div key={t.id} className="toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}

import type { MessageDescriptor } from 'react-intl';

export type TToastType = 'success' | 'error' | 'info' | 'warning';

export type TToast = {
  id: number;
  type: TToastType;
  title: MessageDescriptor;
  description?: MessageDescriptor;
  /** Values of the description's placeholders. */
  values?: Record<string, string | number>;
  /** Toasts with the same key are shown once at a time. */
  key?: string;
};

/** How long a toast stays before it fades (spec: 5 s), and how long the fade takes. */
export const TOAST_LIFETIME_MS = 5000;
export const TOAST_FADE_MS = 500;

let toasts: TToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/**
 * Shows a toast. Usable outside React (the network layer shows the session-expired warning).
 * A toast without a type counts as an error.
 */
export function showToast(toast: Omit<TToast, 'id' | 'type'> & { type?: TToastType }): void {
  if (toast.key && toasts.some((t) => t.key === toast.key)) return;
  toasts = [...toasts, { ...toast, type: toast.type ?? 'error', id: nextId++ }];
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): TToast[] {
  return toasts;
}

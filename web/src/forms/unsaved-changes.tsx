import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Forms with unsaved changes (each card's SaveBar reports while it shows): leaving the page
 * then asks first, in the console (react-router's blocker and a dialog) and when the browser
 * tab is closed or reloaded (the browser's own beforeunload prompt).
 */
let changedForms = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Counts this form as changed while `isChanged` holds (and it is mounted). */
export function useUnsavedChanges(isChanged: boolean): void {
  useEffect(() => {
    if (!isChanged) return;
    changedForms += 1;
    notify();
    return () => {
      changedForms -= 1;
      notify();
    };
  }, [isChanged]);
}

const LeaveDialog = lazy(() => import('./LeaveDialog.tsx'));

/** Rendered once by the console's layout: asks before a navigation drops unsaved changes. */
export function UnsavedChangesGuard() {
  const isChanged = useSyncExternalStore(subscribe, () => changedForms > 0);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changedForms > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isChanged) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isChanged]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
    </Suspense>
  );
}

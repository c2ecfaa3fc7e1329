import { commonMessages } from '../i18n/common-messages.ts';
import { failureOf } from '../ui/useAction.ts';
import { showToast } from './toast-store.ts';

/** A settings change was saved. */
export function toastSaved(): void {
  showToast({
    type: 'success',
    title: commonMessages.dataSavedTitle,
    description: commonMessages.dataSavedDescription,
  });
}

/**
 * Spec section 8: a failed settings save shows the generic error; a refusal as one attempt too
 * many (`error`, HTTP 429) says how long to wait instead (failureOf).
 */
export function toastSaveFailed(error?: unknown): void {
  const failure = failureOf(error);
  showToast({
    type: 'error',
    title: commonMessages.errorTitle,
    description: 'descriptor' in failure ? failure.descriptor : commonMessages.genericError,
    ...('values' in failure && failure.values ? { values: failure.values } : {}),
  });
}

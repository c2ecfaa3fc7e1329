import { commonMessages } from '../i18n/common-messages.ts';
import { showToast } from './toast-store.ts';

/** A settings change was saved. */
export function toastSaved(): void {
  showToast({
    type: 'success',
    title: commonMessages.dataSavedTitle,
    description: commonMessages.dataSavedDescription,
  });
}

/** Spec section 8: a failed settings save shows the generic error. */
export function toastSaveFailed(): void {
  showToast({
    type: 'error',
    title: commonMessages.errorTitle,
    description: commonMessages.genericError,
  });
}

import { defineMessages } from '../i18n/define-messages.ts';

export const twoFactorMessages = defineMessages({
  scanTitle: { id: 'twoFactor.enrol.scanTitle', defaultMessage: '1. Add Feedboard to your app' },
  scanText: {
    id: 'twoFactor.enrol.scanText',
    defaultMessage:
      'Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or Aegis).',
  },
  qrAlt: {
    id: 'twoFactor.enrol.qrAlt',
    defaultMessage: 'QR code for your authenticator app',
  },
  manual: {
    id: 'twoFactor.enrol.manual',
    defaultMessage: 'Cannot scan? Type this key into the app instead:',
  },
  confirmTitle: { id: 'twoFactor.enrol.confirmTitle', defaultMessage: '2. Confirm' },
  confirmText: {
    id: 'twoFactor.enrol.confirmText',
    defaultMessage: 'Type the six-digit code the app shows now.',
  },
  code: { id: 'twoFactor.code', defaultMessage: 'Code from the app' },
  password: { id: 'twoFactor.password', defaultMessage: 'Your password' },
  turnOn: { id: 'twoFactor.enrol.submit', defaultMessage: 'Turn on' },
  turningOn: { id: 'twoFactor.enrol.submitting', defaultMessage: 'Turning on…' },
  loading: { id: 'twoFactor.enrol.loading', defaultMessage: 'Making a new key…' },
  startFailed: {
    id: 'twoFactor.enrol.startFailed',
    defaultMessage: 'A new key could not be made.',
  },
  retry: { id: 'twoFactor.enrol.retry', defaultMessage: 'Try again' },
  wrongCode: {
    id: 'twoFactor.wrongCode',
    defaultMessage: 'The code is not correct. Type the code the app shows now.',
  },
  wrongPassword: { id: 'twoFactor.wrongPassword', defaultMessage: 'The password is not correct.' },
  codesTitle: { id: 'twoFactor.codes.title', defaultMessage: 'Save your recovery codes' },
  codesText: {
    id: 'twoFactor.codes.text',
    defaultMessage:
      'If you lose your phone, each of these codes signs you in once instead of the app. They are shown only now: keep them somewhere safe, away from your phone.',
  },
  codesLabel: { id: 'twoFactor.codes.label', defaultMessage: 'Recovery codes' },
  copy: { id: 'twoFactor.codes.copy', defaultMessage: 'Copy codes' },
  copied: { id: 'twoFactor.codes.copied', defaultMessage: 'Copied' },
  download: { id: 'twoFactor.codes.download', defaultMessage: 'Download (.txt)' },
  saved: { id: 'twoFactor.codes.saved', defaultMessage: 'I have saved them' },
  fileHeading: {
    id: 'twoFactor.codes.fileHeading',
    defaultMessage: 'Feedboard recovery codes for {email}. Each one works once.',
  },
});

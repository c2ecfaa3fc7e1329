import { defineMessages } from '../../i18n/define-messages.ts';

export const resetMessages = defineMessages({
  title: { id: 'passwordReset.title', defaultMessage: 'Reset password' },
  heading: { id: 'passwordReset.heading', defaultMessage: 'Forgot your password?' },
  intro: {
    id: 'passwordReset.intro',
    defaultMessage:
      'Enter the email you signed up with and we will send you a link to set a new one.',
  },
  email: { id: 'passwordReset.email', defaultMessage: 'Email' },
  submit: { id: 'passwordReset.submit', defaultMessage: 'Send reset link' },
  submitting: { id: 'passwordReset.submitting', defaultMessage: 'Sending…' },
  backToLogin: { id: 'passwordReset.backToLogin', defaultMessage: 'Back to log in' },
  sentTitle: { id: 'passwordReset.sent.title', defaultMessage: 'Check your email' },
  sentText: {
    id: 'passwordReset.sent.text',
    defaultMessage:
      'If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.',
  },
  sentHint: {
    id: 'passwordReset.sent.hint',
    defaultMessage: 'No email after a few minutes? Check your spam folder or try again.',
  },
  checking: { id: 'passwordReset.checking', defaultMessage: 'Checking your reset link…' },
  newTitle: { id: 'passwordReset.new.title', defaultMessage: 'Set a new password' },
  newIntro: {
    id: 'passwordReset.new.intro',
    defaultMessage: 'Choose a new password for {email}.',
  },
  newPassword: { id: 'passwordReset.new.password', defaultMessage: 'New password' },
  confirmPassword: { id: 'passwordReset.new.confirm', defaultMessage: 'Confirm new password' },
  newSubmit: { id: 'passwordReset.new.submit', defaultMessage: 'Save new password' },
  sentToastTitle: { id: 'toast.resetSent.title', defaultMessage: 'Check your email' },
  sentToastDescription: {
    id: 'toast.resetSent.description',
    defaultMessage: 'We have sent the reset link if the address has an account.',
  },
  changedToastTitle: { id: 'toast.passwordChanged.title', defaultMessage: 'Password changed' },
  changedToastDescription: {
    id: 'toast.passwordChanged.description',
    defaultMessage: 'Log in with your new password.',
  },
});

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
  newIntroNoEmail: {
    id: 'passwordReset.new.introNoEmail',
    defaultMessage: 'Choose a new password for your account.',
  },
  newPassword: { id: 'passwordReset.new.password', defaultMessage: 'New password' },
  /** The password rule, said beside the field before the first try (sign-up uses it too). */
  passwordRule: { id: 'password.rule', defaultMessage: '{min} to {max} characters.' },
  confirmPassword: { id: 'passwordReset.new.confirm', defaultMessage: 'Confirm new password' },
  newSubmit: { id: 'passwordReset.new.submit', defaultMessage: 'Save new password' },
  sentToastTitle: { id: 'toast.resetSent.title', defaultMessage: 'Check your email' },
  sentToastDescription: {
    id: 'toast.resetSent.description',
    defaultMessage: 'We have sent the reset link if the address has an account.',
  },
  // A board end user's reset (the link carries ?for=board): it ends on the board, not at the
  // console's login.
  boardDoneTitle: { id: 'passwordReset.board.done.title', defaultMessage: 'Password changed' },
  boardDoneText: {
    id: 'passwordReset.board.done.text',
    defaultMessage:
      'Your password is changed. Sign in with it on the board where you asked for the link.',
  },
  boardDoneHint: {
    id: 'passwordReset.board.done.hint',
    defaultMessage: 'You can close this page.',
  },
  boardLink: { id: 'passwordReset.board.link', defaultMessage: 'Back to the board' },
  boardInvalidTitle: {
    id: 'passwordReset.board.invalid.title',
    defaultMessage: 'This link does not work',
  },
  boardInvalidText: {
    id: 'passwordReset.board.invalid.text',
    defaultMessage: 'It was used already, a newer link replaced it, or its hour has passed.',
  },
  boardInvalidHint: {
    id: 'passwordReset.board.invalid.hint',
    defaultMessage:
      'Ask for a new one on the board where you sign in: choose “Forgot your password?” in the sign-in form.',
  },
  boardRetryHint: {
    id: 'passwordReset.board.retry.hint',
    defaultMessage:
      'Open the link from the mail again; if it does not work, ask for a new one on the board.',
  },
  changedToastTitle: { id: 'toast.passwordChanged.title', defaultMessage: 'Password changed' },
  changedToastDescription: {
    id: 'toast.passwordChanged.description',
    defaultMessage: 'Log in with your new password.',
  },
});

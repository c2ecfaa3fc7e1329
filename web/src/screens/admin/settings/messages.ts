import { defineMessages } from '../../../i18n/define-messages.ts';

export const settingsMessages = defineMessages({
  title: { id: 'settings.title', defaultMessage: 'Profile settings' },
  intro: {
    id: 'settings.intro',
    defaultMessage: 'Your account details and how Feedboard talks to you.',
  },
  companyLink: {
    id: 'settings.companyLink',
    defaultMessage:
      'The company’s name, its public portal and the team’s rules are in <link>Company settings</link>.',
  },
  accountTitle: { id: 'settings.account.title', defaultMessage: 'Account' },
  email: { id: 'settings.account.email', defaultMessage: 'Email' },
  emailHint: {
    id: 'settings.account.emailHint',
    defaultMessage: 'You log in with this address. It cannot be changed here.',
  },
  confirmedBadge: { id: 'settings.account.confirmed', defaultMessage: 'Confirmed' },
  confirmedHint: {
    id: 'settings.account.confirmedHint',
    defaultMessage: 'Notification emails can reach this address.',
  },
  unconfirmedBadge: {
    id: 'settings.account.unconfirmed',
    defaultMessage: 'Awaiting confirmation',
  },
  unconfirmedHint: {
    id: 'settings.account.unconfirmedHint',
    defaultMessage:
      'Open the link we mailed to {email} to confirm it is yours. Until then Feedboard sends you no notification emails, and test emails and invitations cannot be sent from this account.',
  },
  confirmResend: {
    id: 'settings.account.resend',
    defaultMessage: 'Resend confirmation email',
  },
  confirmSending: { id: 'settings.account.resending', defaultMessage: 'Sending…' },
  confirmSent: {
    id: 'settings.account.resent',
    defaultMessage:
      'A new confirmation link is on its way to {email}. It works once, for 24 hours.',
  },
  confirmLimited: {
    id: 'settings.account.resendLimited',
    defaultMessage:
      'Several links have gone to this address in the last hour. Please wait a while, and check your spam folder meanwhile.',
  },
  languageTitle: { id: 'settings.language.title', defaultMessage: 'Language' },
  languageIntro: {
    id: 'settings.language.intro',
    defaultMessage: 'The language of the console and of the emails we send you.',
  },
  language: { id: 'settings.language.label', defaultMessage: 'Interface language' },
  saving: { id: 'settings.language.saving', defaultMessage: 'Saving…' },
  passwordTitle: { id: 'settings.password.title', defaultMessage: 'Password' },
  password: { id: 'settings.password.label', defaultMessage: 'Current password' },
  passwordIntro: {
    id: 'settings.password.intro',
    defaultMessage:
      'Changing your password signs you out on every other device; this one stays signed in.',
  },
  newPassword: { id: 'settings.password.new', defaultMessage: 'New password' },
  newPasswordHint: {
    id: 'settings.password.newHint',
    defaultMessage: '{min} to {max} characters.',
  },
  confirmPassword: { id: 'settings.password.confirm', defaultMessage: 'Repeat the new password' },
  changePassword: { id: 'settings.password.change', defaultMessage: 'Change password' },
  changingPassword: { id: 'settings.password.changing', defaultMessage: 'Changing…' },
  passwordChanged: {
    id: 'settings.password.changed',
    defaultMessage:
      'Your password is changed. {count, plural, =0 {No other device was signed in.} one {# other device was signed out.} other {# other devices were signed out.}}',
  },
  profileTitle: { id: 'settings.profile.title', defaultMessage: 'Your profile' },
  profileIntro: {
    id: 'settings.profile.intro',
    defaultMessage: 'How you appear on ideas and comments.',
  },
  displayName: { id: 'settings.profile.displayName', defaultMessage: 'Display name' },
  avatarUrl: { id: 'settings.profile.avatarUrl', defaultMessage: 'Picture address (URL)' },
  avatarHint: {
    id: 'settings.profile.avatarHint',
    defaultMessage: 'An http:// or https:// address of an image. Leave it empty for your initials.',
  },
  saveProfile: { id: 'settings.profile.save', defaultMessage: 'Save profile' },
  savingProfile: { id: 'settings.profile.saving', defaultMessage: 'Saving…' },
  notificationsTitle: { id: 'settings.notifications.title', defaultMessage: 'Email notifications' },
  notificationsIntro: {
    id: 'settings.notifications.intro',
    defaultMessage:
      'Which emails Feedboard sends you when ideas move. Every email has a one-click unsubscribe link.',
  },
  notifyAll: { id: 'settings.notifications.all', defaultMessage: 'All notifications' },
  notifyAllHint: {
    id: 'settings.notifications.allHint',
    defaultMessage:
      'Status changes of ideas you submitted or voted for, releases that ship them and comments from the team on your ideas.',
  },
  notifyMyIdeas: { id: 'settings.notifications.myIdeas', defaultMessage: 'Only my ideas' },
  notifyMyIdeasHint: {
    id: 'settings.notifications.myIdeasHint',
    defaultMessage: 'Only emails about ideas you submitted yourself.',
  },
  notifyNone: { id: 'settings.notifications.none', defaultMessage: 'None' },
  notifyNoneHint: {
    id: 'settings.notifications.noneHint',
    defaultMessage: 'No notification emails. Password resets still reach you.',
  },
  newIdeasTitle: { id: 'settings.newIdeas.title', defaultMessage: 'New ideas' },
  newIdeasIntro: {
    id: 'settings.newIdeas.intro',
    defaultMessage:
      'When a customer submits an idea, it appears in your notifications (the bell at the top). Choose whether it also reaches you by email.',
  },
  newIdeasEach: { id: 'settings.newIdeas.each', defaultMessage: 'Email each one' },
  newIdeasEachHint: {
    id: 'settings.newIdeas.eachHint',
    defaultMessage: 'An email as each idea arrives, with a link to accept or reject it.',
  },
  newIdeasDigest: { id: 'settings.newIdeas.digest', defaultMessage: 'Daily digest' },
  newIdeasDigestHint: {
    id: 'settings.newIdeas.digestHint',
    defaultMessage: 'One email a day listing the previous day’s new ideas (days in UTC).',
  },
  newIdeasNone: { id: 'settings.newIdeas.none', defaultMessage: 'No email' },
  newIdeasNoneHint: {
    id: 'settings.newIdeas.noneHint',
    defaultMessage: 'New ideas only in your notifications.',
  },
  testEmailTitle: { id: 'settings.testEmail.title', defaultMessage: 'Test email' },
  testEmailIntro: {
    id: 'settings.testEmail.intro',
    defaultMessage:
      'Check that Feedboard can send mail: a test email goes to {email} at once, and you see the mail server’s exact answer.',
  },
  testEmailButton: { id: 'settings.testEmail.button', defaultMessage: 'Send a test email' },
  testEmailSending: { id: 'settings.testEmail.sending', defaultMessage: 'Sending…' },
  testEmailSent: {
    id: 'settings.testEmail.sent',
    defaultMessage: 'The mail server accepted the test email to {email}. Its answer:',
  },
  testEmailFailed: {
    id: 'settings.testEmail.failed',
    defaultMessage: 'The mail server refused the test email to {email}. Its answer:',
  },
  testEmailNotConfigured: {
    id: 'settings.testEmail.notConfigured',
    defaultMessage:
      'No mail server is configured: the test email to {email} was written to the server’s log, not sent. The server’s answer:',
  },
});

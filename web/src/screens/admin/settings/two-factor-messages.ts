import { defineMessages } from '../../../i18n/define-messages.ts';

export const securityMessages = defineMessages({
  title: { id: 'settings.twoFactor.title', defaultMessage: 'Two-factor sign-in' },
  offText: {
    id: 'settings.twoFactor.off',
    defaultMessage:
      'Off. Add a second step to signing in: after your password, a code from an authenticator app on your phone.',
  },
  onSince: { id: 'settings.twoFactor.onSince', defaultMessage: 'On since {date}.' },
  codesLeft: {
    id: 'settings.twoFactor.codesLeft',
    defaultMessage:
      '{count, plural, =0 {No recovery codes left: make new ones.} one {# recovery code left.} few {# recovery codes left.} many {# recovery codes left.} other {# recovery codes left.}}',
  },
  required: {
    id: 'settings.twoFactor.required',
    defaultMessage:
      'Your company requires two-factor sign-in for its whole team, so it cannot be turned off.',
  },
  turnOn: { id: 'settings.twoFactor.turnOn', defaultMessage: 'Turn on two-factor sign-in' },
  enrolTitle: { id: 'settings.twoFactor.enrolTitle', defaultMessage: 'Turn on two-factor sign-in' },
  turnedOn: { id: 'settings.twoFactor.turnedOn', defaultMessage: 'Two-factor sign-in is on' },
  turnedOnText: {
    id: 'settings.twoFactor.turnedOnText',
    defaultMessage: 'From your next sign-in Feedboard asks for a code after your password.',
  },
  newCodes: { id: 'settings.twoFactor.newCodes', defaultMessage: 'New recovery codes' },
  newCodesText: {
    id: 'settings.twoFactor.newCodesText',
    defaultMessage:
      'Ten new codes replace the ones you have: the old ones stop working at once. Type your password and the code the app shows now.',
  },
  makeCodes: { id: 'settings.twoFactor.makeCodes', defaultMessage: 'Make new codes' },
  makingCodes: { id: 'settings.twoFactor.makingCodes', defaultMessage: 'Making…' },
  turnOff: { id: 'settings.twoFactor.turnOff', defaultMessage: 'Turn off' },
  turnOffTitle: {
    id: 'settings.twoFactor.turnOffTitle',
    defaultMessage: 'Turn off two-factor sign-in?',
  },
  turnOffText: {
    id: 'settings.twoFactor.turnOffText',
    defaultMessage:
      'Signing in will need only your password again, and your recovery codes stop working. Type your password and a code from the app (or one of your recovery codes) to turn it off.',
  },
  turnOffCode: {
    id: 'settings.twoFactor.turnOffCode',
    defaultMessage: 'Code from the app, or a recovery code',
  },
  turningOff: { id: 'settings.twoFactor.turningOff', defaultMessage: 'Turning off…' },
  turnedOff: { id: 'settings.twoFactor.turnedOff', defaultMessage: 'Two-factor sign-in is off' },
  devicesTitle: { id: 'settings.devices.title', defaultMessage: 'Signed-in devices' },
  devicesIntro: {
    id: 'settings.devices.intro',
    defaultMessage: 'Where your account is signed in now. Do not recognise one? Sign it out.',
  },
  thisDevice: { id: 'settings.devices.this', defaultMessage: 'This device' },
  unknownDevice: { id: 'settings.devices.unknown', defaultMessage: 'Unknown browser' },
  deviceOn: { id: 'settings.devices.on', defaultMessage: '{browser} on {system}' },
  signedIn: { id: 'settings.devices.signedIn', defaultMessage: 'Signed in {date}' },
  lastUsed: { id: 'settings.devices.lastUsed', defaultMessage: 'last used {date}' },
  from: { id: 'settings.devices.from', defaultMessage: 'from {address}' },
  signOutOthers: {
    id: 'settings.devices.signOutOthers',
    defaultMessage: 'Sign out everywhere else',
  },
  signOutOthersTitle: {
    id: 'settings.devices.signOutOthersTitle',
    defaultMessage: 'Sign out everywhere else?',
  },
  signOutOthersText: {
    id: 'settings.devices.signOutOthersText',
    defaultMessage:
      'Every other browser and device signed in to your account is signed out at once. This one stays signed in.',
  },
  signingOut: { id: 'settings.devices.signingOut', defaultMessage: 'Signing out…' },
  signedOut: {
    id: 'settings.devices.signedOut',
    defaultMessage:
      '{count, plural, =0 {No other device was signed in.} one {# other device was signed out.} few {# other devices were signed out.} many {# other devices were signed out.} other {# other devices were signed out.}}',
  },
  onlyThis: {
    id: 'settings.devices.onlyThis',
    defaultMessage: 'Only this device is signed in.',
  },
  teamTitle: { id: 'settings.team2fa.title', defaultMessage: 'Team sign-in' },
  teamText: {
    id: 'settings.team2fa.text',
    defaultMessage:
      'Require two-factor sign-in of everyone on your team: owners, admins and members. Those without it set it up at their next sign-in.',
  },
  teamToggle: {
    id: 'settings.team2fa.toggle',
    defaultMessage: 'Require two-factor sign-in for the team',
  },
  teamOwnFirst: {
    id: 'settings.team2fa.ownFirst',
    defaultMessage: 'Turn on your own two-factor sign-in first.',
  },
  teamSaved: { id: 'settings.team2fa.saved', defaultMessage: 'Team sign-in saved' },
});

import { defineMessages } from '../../../../i18n/define-messages.ts';

export const boardSettingsMessages = defineMessages({
  title: { id: 'boardSettings.title', defaultMessage: 'Board settings' },
  generalTitle: { id: 'boardSettings.general.title', defaultMessage: 'General' },
  generalIntro: {
    id: 'boardSettings.general.intro',
    defaultMessage: 'The board’s name, what it is for, and the language its widget speaks.',
  },
  description: { id: 'boardSettings.description', defaultMessage: 'Description' },
  descriptionHint: {
    id: 'boardSettings.descriptionHint',
    defaultMessage:
      'Optional, {min} to {max} characters. Shown on the board’s card, at the top of its public page and in the widget.',
  },
  name: { id: 'boardSettings.name', defaultMessage: 'Board name' },
  nameHint: { id: 'boardSettings.nameHint', defaultMessage: '6 to 100 characters.' },
  language: { id: 'boardSettings.language', defaultMessage: 'Board language' },
  visibilityTitle: {
    id: 'boardSettings.visibility.title',
    defaultMessage: 'Who can see this board',
  },
  visibilityIntro: {
    id: 'boardSettings.visibility.intro',
    defaultMessage: 'Your team always sees every board; this decides who else does.',
  },
  private: { id: 'boardSettings.visibility.private', defaultMessage: 'Private' },
  privateHint: {
    id: 'boardSettings.visibility.privateHint',
    defaultMessage:
      'Your team, and the end users the grants below let in; anyone else finds no such board.',
  },
  grantsTitle: {
    id: 'boardSettings.visibility.grants',
    defaultMessage: 'Also let in (any one grant is enough)',
  },
  ssoGrant: {
    id: 'boardSettings.visibility.sso',
    defaultMessage: 'People signed in with your SSO',
  },
  ssoGrantHint: {
    id: 'boardSettings.visibility.ssoHint',
    defaultMessage: 'Anyone your widget signs in with your SSO token sees the board.',
  },
  domainsGrant: {
    id: 'boardSettings.visibility.domains',
    defaultMessage: 'People with a confirmed address at these domains',
  },
  domainsGrantHint: {
    id: 'boardSettings.visibility.domainsHint',
    defaultMessage:
      'Separate domains with commas or new lines, e.g. example.com. Only addresses the user confirmed count.',
  },
  companiesGrant: {
    id: 'boardSettings.visibility.companies',
    defaultMessage: 'People at these customer companies',
  },
  companiesGrantNone: {
    id: 'boardSettings.visibility.companiesNone',
    defaultMessage: 'No customer companies yet: your SSO token adds them.',
  },
  summaryPublic: {
    id: 'boardSettings.visibility.summaryPublic',
    defaultMessage: 'A visitor sees the board and its ideas; signed-in users vote and comment.',
  },
  summaryPrivateTeam: {
    id: 'boardSettings.visibility.summaryPrivateTeam',
    defaultMessage: 'A visitor outside your team sees nothing: the board is not found.',
  },
  summaryPrivateGranted: {
    id: 'boardSettings.visibility.summaryPrivateGranted',
    defaultMessage:
      'A visitor sees the board only once signed in and matching a ticked grant; others find nothing.',
  },
  public: { id: 'boardSettings.visibility.public', defaultMessage: 'Public' },
  publicHint: {
    id: 'boardSettings.visibility.publicHint',
    defaultMessage: 'Anyone with the address sees it; signed-in users vote and comment.',
  },
  publicAddress: { id: 'boardSettings.publicAddress', defaultMessage: 'Public address' },
  themeTitle: { id: 'boardSettings.theme.title', defaultMessage: 'Theme' },
  themeIntro: {
    id: 'boardSettings.theme.intro',
    defaultMessage: 'The colour of buttons and vote boxes in the widget and on the public page.',
  },
  colour: { id: 'boardSettings.colour', defaultMessage: 'Primary colour' },
  hex: { id: 'boardSettings.hex', defaultMessage: 'Hex code' },
  hexHint: {
    id: 'boardSettings.hexHint',
    defaultMessage: '3 or 6 hex digits, or 4 or 8 with transparency.',
  },
  hexError: {
    id: 'boardSettings.hexError',
    defaultMessage: 'Enter 3 or 6 hex digits, or 4 or 8 with transparency (e.g. 53d23d).',
  },
});

/** 3 or 6 hex digits, or 4 or 8 with alpha; a leading # is allowed (spec section 5). */
export function isHexColour(value: string): boolean {
  return /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value.trim());
}

/** The 6-digit form a colour input understands, or null (alpha is dropped for the picker). */
export function toPickerColour(value: string): string | null {
  if (!isHexColour(value)) return null;
  const hex = value.trim().replace(/^#/, '').toLowerCase();
  if (hex.length === 3 || hex.length === 4) {
    return `#${[...hex.slice(0, 3)].map((c) => c + c).join('')}`;
  }
  return `#${hex.slice(0, 6)}`;
}

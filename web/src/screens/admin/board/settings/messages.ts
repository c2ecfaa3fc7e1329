import { defineMessages } from '../../../../i18n/define-messages.ts';

export const boardSettingsMessages = defineMessages({
  title: { id: 'boardSettings.title', defaultMessage: 'Board settings' },
  generalTitle: { id: 'boardSettings.general.title', defaultMessage: 'General' },
  generalIntro: {
    id: 'boardSettings.general.intro',
    defaultMessage: 'The board’s name and the language its widget speaks.',
  },
  name: { id: 'boardSettings.name', defaultMessage: 'Board name' },
  nameHint: { id: 'boardSettings.nameHint', defaultMessage: '6 to 100 characters.' },
  language: { id: 'boardSettings.language', defaultMessage: 'Board language' },
  visibilityTitle: { id: 'boardSettings.visibility.title', defaultMessage: 'Visibility' },
  visibilityIntro: {
    id: 'boardSettings.visibility.intro',
    defaultMessage: 'Who may see the board outside your company.',
  },
  private: { id: 'boardSettings.visibility.private', defaultMessage: 'Private' },
  privateHint: {
    id: 'boardSettings.visibility.privateHint',
    defaultMessage: 'Only signed-in users of your company and your widget see it.',
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

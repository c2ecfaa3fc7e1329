import { defineMessages } from '../../../i18n/define-messages.ts';

export const apiKeyMessages = defineMessages({
  title: { id: 'apiKeys.title', defaultMessage: 'API keys' },
  intro: {
    id: 'apiKeys.intro',
    defaultMessage:
      'Let your own systems call the Feedboard API: send a key to /graphql in the Authorization header, as “Bearer” followed by the key. AI assistants connect to /mcp with a key the same way. A key acts with the rights of the admin who created it.',
  },
  addTitle: { id: 'apiKeys.add.title', defaultMessage: 'Create an API key' },
  full: {
    id: 'apiKeys.add.full',
    defaultMessage:
      'Your company has {n} API keys, the most it may hold. Revoke a key you no longer use, then create the new one.',
  },
  name: { id: 'apiKeys.field.name', defaultMessage: 'Name' },
  nameHint: {
    id: 'apiKeys.field.nameHint',
    defaultMessage: 'What the key is for, such as “CRM sync”. Up to 50 characters.',
  },
  create: { id: 'apiKeys.add.submit', defaultMessage: 'Create key' },
  creating: { id: 'apiKeys.add.saving', defaultMessage: 'Creating…' },
  secretTitle: { id: 'apiKeys.secret.title', defaultMessage: 'Your new API key' },
  secretText: {
    id: 'apiKeys.secret.text',
    defaultMessage:
      'Copy it now and keep it somewhere safe: it is shown only this once and cannot be read again.',
  },
  secretLabel: { id: 'apiKeys.secret.label', defaultMessage: 'the API key' },
  /** The start of a key, the rest left out. */
  prefix: { id: 'apiKeys.prefix', defaultMessage: '{prefix}…' },
  listTitle: { id: 'apiKeys.list.title', defaultMessage: 'Keys' },
  empty: { id: 'apiKeys.empty', defaultMessage: 'No API keys yet.' },
  created: { id: 'apiKeys.created', defaultMessage: 'Created {date}' },
  lastUsed: { id: 'apiKeys.lastUsed', defaultMessage: 'Last used {date}' },
  neverUsed: { id: 'apiKeys.neverUsed', defaultMessage: 'Never used' },
  active: { id: 'apiKeys.active', defaultMessage: 'Active' },
  revoked: { id: 'apiKeys.revoked', defaultMessage: 'Revoked {date}' },
  revoke: { id: 'apiKeys.action.revoke', defaultMessage: 'Revoke' },
  revokeLabel: { id: 'apiKeys.action.revokeLabel', defaultMessage: 'Revoke “{name}”' },
  confirmRevoke: { id: 'apiKeys.action.confirmRevoke', defaultMessage: 'Really revoke' },
  confirmRevokeLabel: {
    id: 'apiKeys.action.confirmRevokeLabel',
    defaultMessage: 'Really revoke “{name}”: calls with it fail at once',
  },
  revoking: { id: 'apiKeys.action.revoking', defaultMessage: 'Revoking…' },
  readOnly: { id: 'apiKeys.field.readOnly', defaultMessage: 'Read-only' },
  readOnlyHint: {
    id: 'apiKeys.field.readOnlyHint',
    defaultMessage:
      'The key can read boards, ideas and releases but change nothing: suited to reports and AI assistants that only look things up.',
  },
  readOnlyBadge: { id: 'apiKeys.readOnly', defaultMessage: 'Read-only' },
});

/**
 * The server's refusal of a key past the company's most (`Your company has 50 API keys, …`) in
 * the console's language, with its number; null for any other refusal.
 */
export function keysFullMessage(text: string) {
  const held = /^Your company has (\d+) API keys/.exec(text);
  return held ? { descriptor: apiKeyMessages.full, values: { n: Number(held[1]) } } : null;
}

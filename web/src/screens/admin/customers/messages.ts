import { defineMessages } from '../../../i18n/define-messages.ts';

export const customerMessages = defineMessages({
  title: { id: 'customers.title', defaultMessage: 'Customers' },
  intro: {
    id: 'customers.intro',
    defaultMessage:
      'The companies your users work for and what they pay you a month: their spend adds up to each idea’s value. SSO tokens keep them up to date; add the others here.',
  },
  listTitle: { id: 'customers.list.title', defaultMessage: 'Customer companies' },
  tableRegion: {
    id: 'customers.list.region',
    defaultMessage: 'Customer companies table (scrolls sideways on narrow screens)',
  },
  empty: { id: 'customers.list.empty', defaultMessage: 'No customer companies yet.' },
  more: { id: 'customers.list.more', defaultMessage: 'Show more customer companies' },
  name: { id: 'customers.field.name', defaultMessage: 'Name' },
  externalId: { id: 'customers.field.externalId', defaultMessage: 'External id' },
  externalIdHint: {
    id: 'customers.field.externalIdHint',
    defaultMessage: 'Its id in your own system (the SSO token’s companies[].id).',
  },
  monthlySpend: { id: 'customers.field.monthlySpend', defaultMessage: 'Monthly spend' },
  currency: { id: 'customers.currency', defaultMessage: 'Currency of customer values' },
  currencyHint: {
    id: 'customers.currency.hint',
    defaultMessage:
      'Monthly spend and each idea’s value are amounts in it. Changing it converts nothing.',
  },
  currencyOption: { id: 'customers.currency.option', defaultMessage: '{code} – {name}' },
  currencyIs: { id: 'customers.currency.is', defaultMessage: 'Amounts are in {currency}.' },
  plan: { id: 'customers.field.plan', defaultMessage: 'Plan' },
  noPlan: { id: 'customers.field.noPlan', defaultMessage: 'None' },
  memberWithEmail: { id: 'customers.members.withEmail', defaultMessage: '{name} ({email})' },
  members: { id: 'customers.field.members', defaultMessage: 'Members' },
  actions: { id: 'customers.field.actions', defaultMessage: 'Actions' },
  addTitle: { id: 'customers.add.title', defaultMessage: 'Add a customer company' },
  add: { id: 'customers.add', defaultMessage: 'Add customer' },
  adding: { id: 'customers.adding', defaultMessage: 'Adding…' },
  edit: { id: 'customers.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'customers.edit.label', defaultMessage: 'Edit {name}' },
  editTitle: { id: 'customers.edit.title', defaultMessage: 'Edit {name}' },
  save: { id: 'customers.save', defaultMessage: 'Save' },
  saving: { id: 'customers.saving', defaultMessage: 'Saving…' },
  spendNumber: {
    id: 'customers.spend.number',
    defaultMessage: 'It has to be a number from 0 to 1,000,000,000.',
  },
  externalIdTaken: {
    id: 'customers.externalId.taken',
    defaultMessage: 'Another customer company already has this external id.',
  },
  membersTitle: { id: 'customers.members.title', defaultMessage: 'End users working for it' },
  noMembers: { id: 'customers.members.none', defaultMessage: 'Nobody is attached yet.' },
  attachUser: { id: 'customers.members.user', defaultMessage: 'End user to attach' },
  chooseUser: { id: 'customers.members.choose', defaultMessage: 'Choose an end user' },
  attach: { id: 'customers.members.attach', defaultMessage: 'Attach' },
  detach: { id: 'customers.members.detach', defaultMessage: 'Detach' },
  detachLabel: { id: 'customers.members.detachLabel', defaultMessage: 'Detach {name}' },
  importTitle: { id: 'customers.import.title', defaultMessage: 'Import from CSV' },
  importIntro: {
    id: 'customers.import.intro',
    defaultMessage:
      'A header row naming the columns name, external id and monthly spend, then one row a customer. Customers already here (same external id) are updated, the others created.',
  },
  importFile: { id: 'customers.import.file', defaultMessage: 'CSV file' },
  preview: { id: 'customers.import.preview', defaultMessage: 'Preview import' },
  previewing: { id: 'customers.import.previewing', defaultMessage: 'Reading the file…' },
  previewSummary: {
    id: 'customers.import.summary',
    defaultMessage:
      '{create, plural, one {# customer company} other {# customer companies}} to create, {update, plural, one {# customer company} other {# customer companies}} to update.',
  },
  problemsTitle: {
    id: 'customers.import.problems',
    defaultMessage:
      '{count, plural, one {# problem} other {# problems}}: fix the file and preview it again. Nothing is imported while a row has a problem.',
  },
  problemRow: { id: 'customers.import.problemRow', defaultMessage: 'Row {row}: {message}' },
  problemCell: {
    id: 'customers.import.problemCell',
    defaultMessage: 'Row {row}, column {column}: {message}',
  },
  rowDuplicate: {
    id: 'customers.import.rowDuplicate',
    defaultMessage: 'Row {row} already has this external id.',
  },
  action: { id: 'customers.import.action', defaultMessage: 'Action' },
  row: { id: 'customers.import.row', defaultMessage: 'Row' },
  actionCreate: { id: 'customers.import.create', defaultMessage: 'Create' },
  actionUpdate: { id: 'customers.import.update', defaultMessage: 'Update' },
  commit: {
    id: 'customers.import.commit',
    defaultMessage: '{count, plural, one {Import # row} other {Import # rows}}',
  },
  committing: { id: 'customers.import.committing', defaultMessage: 'Importing…' },
  imported: {
    id: 'customers.import.done',
    defaultMessage: 'Imported: {create} created, {update} updated.',
  },
});

import { eraseEndUser } from '../services/privacy/erase-end-user.ts';
import type { TErasure } from '../services/privacy/erase-end-user.ts';
import { exportEndUser } from '../services/privacy/export-end-user.ts';
import { findEndUser } from '../services/privacy/find-end-user.ts';
import type { TEndUserSearch } from '../services/privacy/find-end-user.ts';
import { builder } from './builder.ts';
import { CompanyUserType } from './company-user.ts';
import { decodeId } from './ids.ts';

const ErasureContentModeEnum = builder.enumType('ErasureContentMode', {
  description: 'What becomes of the ideas and comments of an erased person.',
  values: {
    DELETE: {
      description:
        'Delete their ideas (with the votes and comments others left on them) and their comments.',
    },
    ANONYMISE: { description: 'Keep their ideas and comments, with no author.' },
  } as const,
});

const EndUserSearchType = builder.objectRef<TEndUserSearch>('EndUserSearch').implement({
  description: 'The people of the company found by an email or an SSO id.',
  fields: (t) => ({
    users: t.field({
      type: [CompanyUserType],
      description: 'The users with that email (contact or sign-in) or that SSO id.',
      resolve: (search) => search.users,
    }),
    ssoIdErasedAt: t.expose('ssoIdErasedAt', {
      type: 'DateTime',
      nullable: true,
      description:
        'When a user with the SSO id searched for was erased (null: never, or a search by email). A user found with that id now was created afresh after it, with none of the old history.',
    }),
  }),
});

const ErasureType = builder.objectRef<TErasure>('EndUserErasure').implement({
  description: 'What erasing a person removed or anonymised.',
  fields: (t) => ({
    contentMode: t.expose('contentMode', {
      type: ErasureContentModeEnum,
      description: 'What became of their ideas and comments.',
    }),
    votesRemoved: t.exposeInt('votesRemoved', {
      description: 'Votes removed (each idea’s vote count fell by its share).',
    }),
    ideasDeleted: t.exposeInt('ideasDeleted', { description: 'Their ideas deleted.' }),
    ideasAnonymised: t.exposeInt('ideasAnonymised', {
      description: 'Their ideas kept with no author.',
    }),
    commentsDeleted: t.exposeInt('commentsDeleted', { description: 'Their comments deleted.' }),
    commentsAnonymised: t.exposeInt('commentsAnonymised', {
      description: 'Their comments kept with no author.',
    }),
    wasSsoUser: t.exposeBoolean('wasSsoUser', {
      description: 'They signed in through SSO: a tombstone keeps only the hash of their SSO id.',
    }),
    notice: t.exposeString('notice', {
      description: 'What happens if the person comes back, in words to show the admin.',
    }),
  }),
});

builder.queryFields((t) => ({
  findEndUser: t.field({
    type: EndUserSearchType,
    errors: {
      union: { description: 'The people found, or why the search was refused.' },
      result: { description: 'The people found.' },
      dataField: { description: 'The users found and whether the SSO id was erased before.' },
    },
    authScopes: { signedIn: true },
    description:
      'Finds people of the caller’s company by email (case-insensitive) or by SSO id, exactly one of the two, for a GDPR request (owners and admins only). Other companies’ users are never found.',
    args: {
      email: t.arg.string({ required: false, description: 'Their contact or sign-in email.' }),
      ssoId: t.arg.string({
        required: false,
        description: 'The id the company’s own system gave them (the SSO token’s `id`).',
      }),
    },
    resolve: (_root, args, context) => findEndUser(context.deps, context.viewer, args),
  }),
  endUserExport: t.field({
    type: 'String',
    errors: {
      union: { description: 'The export document, or why it was refused.' },
      result: { description: 'The export document.' },
      dataField: { description: 'The JSON document (a string), ready to save as a file.' },
    },
    authScopes: { signedIn: true },
    description:
      'Everything stored about one person of the caller’s company, as a JSON document (GDPR access): profile, notification setting, ideas, comments, votes, sign-in times, email confirmations, password recoveries and mails sent (no secrets, tokens or mail bodies). Owners and admins only (an admin exports end users and themselves; a team member’s data only the owner, else FORBIDDEN); another company’s user is NOT_FOUND.',
    args: {
      userId: t.arg.id({ required: true, description: 'The CompanyUser id.' }),
    },
    resolve: async (_root, args, context) =>
      JSON.stringify(
        await exportEndUser(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser')),
        null,
        2,
      ),
  }),
}));

builder.mutationField('eraseEndUser', (t) =>
  t.field({
    type: ErasureType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Erases one person of the caller’s company (GDPR), in one transaction: their votes (every vote count falls with them), their ideas and comments (deleted or kept with no author, as `contentMode` says), sessions, links, mails and personal data. A later SSO sign-in with their SSO id makes a fresh, empty user. Owners and admins only; owners and admins of the team cannot be erased (CONFLICT); another company’s user is NOT_FOUND.',
    args: {
      userId: t.arg.id({ required: true, description: 'The CompanyUser id.' }),
      contentMode: t.arg({
        type: ErasureContentModeEnum,
        required: true,
        description: 'Delete their ideas and comments, or keep them anonymised.',
      }),
    },
    resolve: (_root, args, context) =>
      eraseEndUser(context.deps, context.viewer, decodeId(args.userId, 'CompanyUser'), {
        contentMode: args.contentMode,
      }),
  }),
);

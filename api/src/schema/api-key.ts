import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-key/api-keys.ts';
import { administeredCompanyId, toRowId } from '../services/access.ts';
import { canReadCredentials } from '../viewer.ts';
import { builder } from './builder.ts';
import { decodeId } from './ids.ts';

export const ApiKeyType = builder.prismaNode('ApiKey', {
  description:
    'A company API key for integrators: send it as `Authorization: Bearer <key>` to /graphql. It acts with its creator’s rights.',
  id: { field: 'id' },
  // Only an admin's session reads keys (listApiKeys' rule): through `node` an API key finds none.
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: canReadCredentials(context.viewer) ? administeredCompanyId(context.viewer) : 0,
  }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What it is for.' }),
    prefix: t.exposeString('prefix', {
      description: 'The first characters of the key, to recognise it.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was last used.',
    }),
    revokedAt: t.expose('revokedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was revoked; calls with it fail from then on.',
    }),
    isReadOnly: t.exposeBoolean('isReadOnly', {
      description:
        'A read-only key reads what its creator may read and changes nothing: GraphQL mutations and MCP write tools answer FORBIDDEN.',
    }),
  }),
});

const CreatedApiKeyType = builder
  .objectRef<Awaited<ReturnType<typeof createApiKey>>>('CreatedApiKey')
  .implement({
    description: 'A new API key. The key itself is shown this once and stored only hashed.',
    fields: (t) => ({
      apiKey: t.field({
        type: ApiKeyType,
        description: 'The key’s record.',
        resolve: (c) => c.apiKey,
      }),
      key: t.exposeString('key', { description: 'The secret key: copy it now.' }),
    }),
  });

builder.queryField('apiKeys', (t) =>
  t.field({
    type: [ApiKeyType],
    authScopes: { companyAdmin: true },
    description:
      "The company's API keys, newest first (admins signed in with a session; an API key is refused).",
    resolve: (_root, _args, context) => listApiKeys(context.deps, context.viewer),
  }),
);

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreatedApiKeyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Creates a company API key (admins signed in with a session, not with an API key; name 1 to 50 characters).',
    args: {
      name: t.arg.string({
        required: true,
        description: 'A name to recognise the key by in the list (where it is used, by whom).',
      }),
      isReadOnly: t.arg.boolean({
        defaultValue: false,
        description: 'Only reads: mutations and MCP write tools with it are refused.',
      }),
    },
    resolve: (_root, args, context) => createApiKey(context.deps, context.viewer, args),
  }),
  revokeApiKey: t.field({
    type: ApiKeyType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Revokes a company API key (admins signed in with a session, not with an API key). Live streams it opened end within seconds.',
    args: {
      apiKeyId: t.arg.id({ required: true, description: 'The global id of the key to revoke.' }),
    },
    resolve: (_root, args, context) =>
      revokeApiKey(context.deps, context.viewer, decodeId(args.apiKeyId, 'ApiKey')),
  }),
}));

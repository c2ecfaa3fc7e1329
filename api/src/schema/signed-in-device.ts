import { listSessions } from '../services/account/list-sessions.ts';
import type { TSignedInDevice } from '../services/account/list-sessions.ts';
import { builder } from './builder.ts';
import { ViewerType } from './viewer.ts';

const SignedInDeviceType = builder.objectRef<TSignedInDevice>('SignedInDevice').implement({
  description: 'A live session of the signed-in user: a browser or device where they signed in.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The session number.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they signed in.' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was last used (kept to the minute); null when not since sign-in.',
    }),
    userAgent: t.exposeString('userAgent', {
      nullable: true,
      description: 'The User-Agent the sign-in came with (browser and system).',
    }),
    ipAddress: t.exposeString('ipAddress', {
      nullable: true,
      description: 'The address the sign-in came from.',
    }),
    current: t.exposeBoolean('current', {
      description: 'The session this request was made with.',
    }),
  }),
});

builder.objectField(ViewerType, 'signedInDevices', (t) =>
  t.field({
    type: [SignedInDeviceType],
    description:
      "The signed-in user's live sessions, this one first, then the most recently used (up to 200).",
    resolve: (_viewer, _args, context) => listSessions(context.deps, context.viewer),
  }),
);

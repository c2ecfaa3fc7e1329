import { toRowId } from '../services/access.ts';
import { addIdeaTag, removeIdeaTag } from '../services/tag/idea-tags.ts';
import { findCompanyTags, seesPrivateTags, tagVisibleWhere } from '../services/tag/find-tags.ts';
import { createTag, deleteTag, updateTag } from '../services/tag/manage-tags.ts';
import { BoardType } from './board.ts';
import { builder } from './builder.ts';
import { CompanyType } from './company.ts';
import { IdeaType } from './idea.ts';
import type { TIdeaParent } from './idea.ts';
import { decodeId, globalId } from './ids.ts';

const withErrors = { errors: {} };

/** A company's own label for ideas. */
export const TagType = builder.prismaNode('Tag', {
  description:
    "A company's own tag for ideas (name, colour). A private tag is visible to the company's team (OWNER, ADMIN, MEMBER) only.",
  id: { field: 'id' },
  // `node(id:)` finds tags of the caller's own company that the caller may see.
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: context.viewer?.companyId ?? 0,
    AND: [tagVisibleWhere(context.viewer)],
  }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name (1 to 30 characters).' }),
    color: t.exposeString('color', { description: 'Its colour: 6 hex digits, without #.' }),
    isPrivate: t.exposeBoolean('isPrivate', {
      description: "Visible to the company's team only (never to end users or the widget).",
    }),
  }),
});

builder.objectField(CompanyType, 'tags', (t) =>
  t.field({
    type: [TagType],
    description: "The company's tags by name (private ones for its team only).",
    resolve: (company, _args, context) => findCompanyTags(context.deps, context.viewer, company.id),
  }),
);

builder.objectField(BoardType, 'tags', (t) =>
  t.field({
    type: [TagType],
    description:
      "The tags of the board's company that the caller may see, by name: what its ideas can be filtered by.",
    resolve: (board, _args, context) =>
      findCompanyTags(context.deps, context.viewer, board.companyId),
  }),
);

builder.objectField(IdeaType, 'tags', (t) =>
  t.field({
    type: [TagType],
    description: "The tags it carries, by name (private ones for its company's team only).",
    resolve: async (idea: TIdeaParent, _args, context) => {
      const tags = idea.live?.tags ?? (await context.related.ideaTags(idea.id));
      return tags.filter((tag) => !tag.isPrivate || seesPrivateTags(context.viewer, tag.companyId));
    },
  }),
);

const DeletedTagType = builder.objectRef<{ id: number }>('DeletedTag').implement({
  description: 'A deleted tag (taken off every idea).',
  fields: (t) => ({
    deletedTagId: t.id({
      description: 'The global id it had.',
      resolve: (d) => globalId('Tag', d.id),
    }),
  }),
});

builder.mutationFields((t) => {
  const tagArgs = () => ({
    name: t.arg.string({ required: true, description: 'Its name, 1 to 30 characters.' }),
    color: t.arg.string({ required: true, description: 'Its colour, 6 hex digits.' }),
    isPrivate: t.arg.boolean({ required: true, description: 'Visible to the team only.' }),
  });
  return {
    createTag: t.field({
      type: TagType,
      ...withErrors,
      authScopes: { signedIn: true },
      description:
        "Adds a tag to the caller's company (admins and owners). Names are unique per company whatever their case.",
      args: tagArgs(),
      resolve: (_root, args, context) => createTag(context.deps, context.viewer, args),
    }),
    updateTag: t.field({
      type: TagType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: 'Renames a tag, sets its colour and whether it is private (admins and owners).',
      args: {
        tagId: t.arg.id({ required: true, description: 'The global id of the tag.' }),
        ...tagArgs(),
      },
      resolve: (_root, args, context) =>
        updateTag(context.deps, context.viewer, decodeId(args.tagId, 'Tag'), args),
    }),
    deleteTag: t.field({
      type: DeletedTagType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: 'Deletes a tag and takes it off every idea (admins and owners).',
      args: { tagId: t.arg.id({ required: true, description: 'The global id of the tag.' }) },
      resolve: async (_root, args, context) => ({
        id: (await deleteTag(context.deps, context.viewer, decodeId(args.tagId, 'Tag'))).id,
      }),
    }),
    addIdeaTag: t.field({
      type: IdeaType,
      ...withErrors,
      authScopes: { signedIn: true },
      description:
        "Puts one of the company's tags on an idea (the team: owners, admins, members); twice changes nothing.",
      args: {
        ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
        tagId: t.arg.id({ required: true, description: 'The global id of the tag.' }),
      },
      resolve: (_root, args, context) =>
        addIdeaTag(
          context.deps,
          context.viewer,
          decodeId(args.ideaId, 'Idea'),
          decodeId(args.tagId, 'Tag'),
        ),
    }),
    removeIdeaTag: t.field({
      type: IdeaType,
      ...withErrors,
      authScopes: { signedIn: true },
      description: 'Takes a tag off an idea (the team: owners, admins, members).',
      args: {
        ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
        tagId: t.arg.id({ required: true, description: 'The global id of the tag.' }),
      },
      resolve: (_root, args, context) =>
        removeIdeaTag(
          context.deps,
          context.viewer,
          decodeId(args.ideaId, 'Idea'),
          decodeId(args.tagId, 'Tag'),
        ),
    }),
  };
});

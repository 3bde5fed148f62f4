/**
 * Saved filters over GraphQL (SPEC.md core list: savedFilters, savedFilter, createSavedFilter,
 * updateSavedFilter, deleteSavedFilter, setDefaultFilter). Any signed-in person keeps their own;
 * members of the groups a filter is shared with read it.
 */
import type { CoreServices } from '../../core/coreServices.js';
import { requireViewer } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { readFilter, readName, readResource, SAVED_FILTER_RESOURCES, type SavedFilterRecord } from './savedFilterRecord.js';
import type { SavedFilterChanges, SavedFilterService } from './savedFilterService.js';

export interface SavedFilterServices {
  readonly savedFilters: SavedFilterService;
}

/** What its resolvers read: the filters, and people and groups for names. */
export type SavedFilterSlice = SavedFilterServices & Pick<CoreServices, 'users' | 'groups'>;

type Context = GraphQLContext<SavedFilterSlice>;

function readGroups(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new AppError(ErrorCode.BadRequest, 'sharedWithGroupIds must be a list of group ids');
  return [...new Set(value.map(String))];
}

function readChanges(input: Record<string, unknown>): SavedFilterChanges {
  const has = (key: string) => input[key] !== undefined;
  const nonNull = (key: string) => {
    if (input[key] === null) throw new AppError(ErrorCode.BadRequest, `${key} cannot be null; leave it out to keep it`);
    return input[key];
  };
  return {
    ...(has('name') ? { name: readName(nonNull('name')) } : {}),
    ...(has('filter') ? { filter: readFilter(nonNull('filter')) } : {}),
    // null: no longer shared.
    ...(has('sharedWithGroupIds') ? { sharedWith: readGroups(input['sharedWithGroupIds']) } : {}),
    ...(has('isDefault') ? { isDefault: nonNull('isDefault') === true } : {}),
  };
}

export const savedFilterSchema: SchemaModule<SavedFilterSlice> = {
  typeDefs: /* GraphQL */ `
    enum SavedFilterResource {
      ${SAVED_FILTER_RESOURCES.join('\n      ')}
    }

    type SavedFilterGroup {
      id: ID!
      name: String!
    }

    type SavedFilter {
      id: ID!
      name: String!
      resource: SavedFilterResource!
      "JSON text of an object: the list's filter arguments as the console sends them."
      filter: String!
      ownerId: ID!
      "null once the owner is gone."
      ownerUsername: String
      "True for the viewer's own filters; a filter shared with the viewer is read-only."
      isOwn: Boolean!
      "The owner's default for this resource."
      isDefault: Boolean!
      "Groups it is shared with (deleted groups left out)."
      sharedWith: [SavedFilterGroup!]!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input CreateSavedFilterInput {
      "1 to 100 characters, unique among the person's filters of the resource."
      name: String!
      resource: SavedFilterResource!
      "JSON text of an object: at most 16 KiB, 8 levels deep, 1000 values."
      filter: String!
      "Groups whose members may read it (at most 50)."
      sharedWithGroupIds: [ID!]
      "Make it the person's default for the resource (the previous default stops being one)."
      isDefault: Boolean = false
    }

    "Fields left out stay; sharedWithGroupIds null stops sharing."
    input UpdateSavedFilterInput {
      name: String
      filter: String
      sharedWithGroupIds: [ID!]
      isDefault: Boolean
    }

    extend type Query {
      "The viewer's own filters (first) and those shared with their groups, by name."
      savedFilters(resource: SavedFilterResource): [SavedFilter!]!
      "null when it does not exist or is neither the viewer's nor shared with them."
      savedFilter(id: ID!): SavedFilter
    }

    extend type Mutation {
      createSavedFilter(input: CreateSavedFilterInput!): SavedFilter!
      "The owner only; FORBIDDEN for a filter shared with the viewer."
      updateSavedFilter(id: ID!, input: UpdateSavedFilterInput!): SavedFilter!
      "The owner only; FORBIDDEN for a filter shared with the viewer."
      deleteSavedFilter(id: ID!): Boolean!
      "Makes one of the viewer's own filters their default for the resource; without id, no default. Returns the new default."
      setDefaultFilter(resource: SavedFilterResource!, id: ID): SavedFilter
    }
  `,
  resolvers: {
    SavedFilter: {
      filter: (f: SavedFilterRecord) => JSON.stringify(f.filter),
      ownerUsername: (f: SavedFilterRecord, _args: unknown, ctx: Context) => ctx.app.users.get(f.ownerId)?.username ?? null,
      isOwn: (f: SavedFilterRecord, _args: unknown, ctx: Context) => f.ownerId === ctx.viewer?.userId,
      sharedWith: (f: SavedFilterRecord, _args: unknown, ctx: Context) =>
        f.sharedWith.flatMap((id) => {
          const group = ctx.app.groups.get(id);
          return group === undefined ? [] : [{ id: group.id, name: group.name }];
        }),
    },
    Query: {
      savedFilters(_root, args: { resource?: string | null }, ctx: Context) {
        const viewer = requireViewer(ctx.viewer);
        return ctx.app.savedFilters.visibleTo(viewer.userId, args.resource == null ? null : readResource(args.resource));
      },
      savedFilter: (_root, args: { id: string }, ctx: Context) =>
        ctx.app.savedFilters.readable(requireViewer(ctx.viewer).userId, args.id) ?? null,
    },
    Mutation: {
      createSavedFilter(_root, args: { input: Record<string, unknown> }, ctx: Context) {
        const viewer = requireViewer(ctx.viewer);
        const { input } = args;
        return ctx.app.savedFilters.create(viewer.userId, {
          name: readName(input['name']),
          resource: readResource(input['resource']),
          filter: readFilter(input['filter']),
          sharedWith: readGroups(input['sharedWithGroupIds']),
          isDefault: input['isDefault'] === true,
        });
      },
      updateSavedFilter(_root, args: { id: string; input: Record<string, unknown> }, ctx: Context) {
        const viewer = requireViewer(ctx.viewer);
        return ctx.app.savedFilters.update(viewer.userId, args.id, readChanges(args.input));
      },
      deleteSavedFilter: (_root, args: { id: string }, ctx: Context) =>
        ctx.app.savedFilters.delete(requireViewer(ctx.viewer).userId, args.id),
      setDefaultFilter(_root, args: { resource: string; id?: string | null }, ctx: Context) {
        const viewer = requireViewer(ctx.viewer);
        return ctx.app.savedFilters.setDefault(viewer.userId, readResource(args.resource), args.id ?? null);
      },
    },
  },
};

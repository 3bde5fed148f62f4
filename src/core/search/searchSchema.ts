/**
 * Search across what a person may see: services, hierarchy nodes, users and groups (tickets join
 * when the ticketing plugin exists). Matching is a case-insensitive substring of names; results
 * that start with the query rank before those that merely contain it, then shorter names first, then by name (a
 * node by path), so every instance gives the same answer whatever order its memory was filled in.
 */
import type { CoreServices } from '../coreServices.js';
import { authorize, can, placeGate } from '../auth/roles.js';
import { externalIdOf, type ServiceRecord } from '../domain/service.js';
import { matchRank } from '../domain/nameMatch.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';

const MAX_QUERY_LENGTH = 200;
const MAX_RESULTS = 100;

interface Hit<T> {
  readonly item: T;
  readonly rank: number;
  /**
   * Orders equal ranks: the item's natural key, so the answer does not depend on the order memory was filled in
   * (start-up, or rows applied from other instances in cluster mode: every instance answers the same).
   */
  readonly key: string;
}

export const searchSchema: SchemaModule<CoreServices> = {
  typeDefs: /* GraphQL */ `
    enum SearchHitType {
      SERVICE
      NODE
      USER
      GROUP
    }

    type SearchResults {
      services: [Service!]!
      nodes: [OperationsNode!]!
      users: [User!]!
      groups: [Group!]!
      "Matches of every kind, before each list was cut to the limit."
      totalCount: Int!
    }

    "One line of a quick-search box."
    type SearchHit {
      type: SearchHitType!
      id: ID!
      title: String!
      subtitle: String
    }

    extend type Query {
      "Up to limit results of each kind (at most 100)."
      globalSearch(query: String!, limit: Int = 20): SearchResults!
      "The best matches of all kinds in one ranked list (at most 100)."
      quickSearch(query: String!, limit: Int = 10): [SearchHit!]!
    }
  `,
  resolvers: {
    Query: {
      globalSearch(_root, args: { query: string; limit?: number | null }, ctx) {
        authorize(ctx.viewer, 'search:read');
        const { needle, limit } = readSearch(args);
        const found = searchAll(ctx, needle, limit);
        return {
          services: best(found.services, limit),
          nodes: best(found.nodes, limit),
          users: best(found.users, limit),
          groups: best(found.groups, limit),
          totalCount: found.serviceCount + found.nodes.length + found.users.length + found.groups.length,
        };
      },
      quickSearch(_root, args: { query: string; limit?: number | null }, ctx) {
        authorize(ctx.viewer, 'search:read');
        const { needle, limit } = readSearch(args);
        const found = searchAll(ctx, needle, limit);
        const hits = [
          ...found.services.map((h) => ({
            rank: h.rank,
            key: `0${h.key}`,
            item: { type: 'SERVICE', id: h.item.id, title: h.item.displayName ?? h.item.name, subtitle: externalIdOf(h.item) },
          })),
          ...found.nodes.map((h) => ({
            rank: h.rank,
            key: `1${h.key}`,
            item: { type: 'NODE', id: h.item.path, title: h.item.name, subtitle: h.item.path },
          })),
          ...found.users.map((h) => ({
            rank: h.rank,
            key: `2${h.key}`,
            item: { type: 'USER', id: h.item.id, title: h.item.displayName ?? h.item.username, subtitle: h.item.username },
          })),
          ...found.groups.map((h) => ({
            rank: h.rank,
            key: `3${h.key}`,
            item: { type: 'GROUP', id: h.item.id, title: h.item.name, subtitle: h.item.description },
          })),
        ];
        return best(hits, limit);
      },
    },
  },
};

function readSearch(args: { query: string; limit?: number | null }): { needle: string; limit: number } {
  const needle = args.query.trim().toLowerCase();
  if (needle === '') throw new AppError(ErrorCode.BadRequest, 'query must not be empty');
  if (needle.length > MAX_QUERY_LENGTH) throw new AppError(ErrorCode.BadRequest, `query is longer than ${MAX_QUERY_LENGTH} characters`);
  const limit = args.limit ?? 20;
  if (limit < 1 || limit > MAX_RESULTS) throw new AppError(ErrorCode.BadRequest, `limit must be between 1 and ${MAX_RESULTS}`);
  return { needle, limit };
}

/**
 * Every match of each kind, but of services only the best `limit` (their kinds' lists and the merged list are cut to
 * `limit`, so no other service can appear) and how many matched: services are found in the registry's name haystack,
 * not by a walk of the fleet.
 */
function searchAll(ctx: GraphQLContext<CoreServices>, needle: string, limit: number) {
  const collect = <T>(items: Iterable<T>, names: (item: T) => (string | null)[], key: (item: T) => string): Hit<T>[] => {
    const out: Hit<T>[] = [];
    for (const item of items) {
      const rank = matchRank(needle, ...names(item));
      if (rank !== undefined) out.push({ item, rank, key: key(item) });
    }
    return out;
  };
  const showEmail = can(ctx.viewer, 'user:read-private');
  const services = bestServices(ctx, needle, limit);
  return {
    services: services.best,
    serviceCount: services.count,
    // A node matches by its path (so "prod/k8s" finds nodes) and ranks by its own name, as it is shown.
    nodes: collect(
      ctx.app.fleet.nodes.all(),
      (n) => [n.name, n.path],
      (n) => n.path,
    ),
    users: collect(
      ctx.app.users.all(),
      (u) => [u.username, u.displayName, showEmail ? u.email : null],
      (u) => u.username,
    ),
    groups: collect(
      ctx.app.groups.all(),
      (g) => [g.name],
      (g) => g.name,
    ),
  };
}

/**
 * The best `limit` services by (rank, name then node path) and how many matched, kept as the haystack reports them:
 * a hit that ranks below the worst kept is dropped without its record; one that ties it in list order loses (the
 * list order is the key's order), so a million hits of one rank cost a comparison each.
 */
function bestServices(ctx: GraphQLContext<CoreServices>, needle: string, limit: number): { best: Hit<ServiceRecord>[]; count: number } {
  const { services } = ctx.app.fleet;
  // Services outside the viewer's environments (src/plugins/policy) are not found.
  const gate = placeGate(ctx.viewer);
  const kept: Hit<ServiceRecord>[] = [];
  let count = 0;
  services.searchNames(needle, true, (id, rank, inOrder) => {
    let item: ServiceRecord | undefined;
    if (gate !== null) {
      item = services.get(id)!;
      if (!gate.admits(item.nodePath)) return;
    }
    count += 1;
    const worst = kept.length === limit ? kept[limit - 1]! : undefined;
    if (worst !== undefined && (rank > worst.rank || (rank === worst.rank && inOrder))) return;
    item ??= services.get(id)!;
    const hit: Hit<ServiceRecord> = { item, rank, key: `${item.name}\u0000${item.nodePath}` };
    if (worst !== undefined && compareHits(hit, worst) >= 0) return;
    let at = kept.length;
    while (at > 0 && compareHits(hit, kept[at - 1]!) < 0) at -= 1;
    kept.splice(at, 0, hit);
    if (kept.length > limit) kept.pop();
  });
  return { best: kept, count };
}

const compareHits = <T>(a: Hit<T>, b: Hit<T>) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

function best<T>(hits: Hit<T>[], limit: number): T[] {
  return hits
    .sort((a, b) => a.rank - b.rank || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit)
    .map((h) => h.item);
}

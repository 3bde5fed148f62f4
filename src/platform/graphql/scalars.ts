/** Scalars shared by every capability's schema. */
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

export const scalarTypeDefs = /* GraphQL */ `
  "ISO 8601 UTC timestamp, e.g. 2026-01-01T00:00:00.000Z"
  scalar DateTime
`;

/** Times are epoch ms inside the product and ISO strings on the wire. */
export const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize(value) {
    if (typeof value === 'number') return new Date(value).toISOString();
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return value;
    throw new GraphQLError('DateTime cannot represent this value');
  },
  parseValue(value) {
    const ms = typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isNaN(ms)) throw new GraphQLError('DateTime must be an ISO 8601 string', { extensions: { code: 'BAD_USER_INPUT' } });
    return ms;
  },
  parseLiteral(ast) {
    const ms = ast.kind === Kind.STRING ? Date.parse(ast.value) : NaN;
    if (Number.isNaN(ms)) throw new GraphQLError('DateTime must be an ISO 8601 string', { extensions: { code: 'BAD_USER_INPUT' } });
    return ms;
  },
});

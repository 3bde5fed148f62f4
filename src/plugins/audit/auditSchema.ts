/**
 * Reading the audit trail (admins, audit plugin: the module's gate answers PLUGIN_INACTIVE while
 * the plugin is off). There are no mutations: records cannot be changed or deleted.
 */
import type { Knex } from 'knex';
import { authorize } from '../../core/auth/roles.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { pageArgs, readPage } from '../../platform/graphql/pagination.js';
import { readAuditEvents, countAuditEvents, type AuditFilter } from './auditQuery.js';
import type { AuditTrail } from './auditTrail.js';

/** What the audit module's resolvers read from `ctx.app`. */
export interface AuditServices {
  readonly audit: AuditTrail;
  readonly knex: Knex;
  readonly writer: BatchWriter;
}

export const auditSchema: SchemaModule<AuditServices> = {
  typeDefs: /* GraphQL */ `
    enum AuditOutcome {
      SUCCESS
      FAILURE
    }

    type AuditEvent {
      id: ID!
      at: DateTime!
      "graphql or rest"
      kind: String!
      "The mutation name, or the method and path of a REST call."
      action: String!
      actorId: ID
      "Username, api-key, or the name a sign-in attempt gave."
      actor: String
      sourceAddress: String
      outcome: AuditOutcome!
      errorCode: String
      errorMessage: String
      "The call's arguments as JSON text, secrets redacted."
      detail: String
      "The request's id (its X-Request-Id: the client's when sane, else the server's), as in its answer and its log lines; null for records written before request ids were kept."
      requestId: String
    }

    input AuditFilter {
      actor: String
      actorId: ID
      action: String
      outcome: AuditOutcome
      kind: String
      requestId: String
      from: DateTime
      to: DateTime
    }

    extend type Query {
      "Admin, audit plugin: newest first."
      auditEvents(filter: AuditFilter, ${pageArgs}): [AuditEvent!]!
      auditEventCount(filter: AuditFilter): Int!
    }
  `,
  resolvers: {
    AuditOutcome: { SUCCESS: 'success', FAILURE: 'failure' },
    Query: {
      async auditEvents(_root, args: { filter?: AuditFilter | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'audit:read');
        await ctx.app.writer.settled();
        return readAuditEvents(ctx.app.knex, args.filter ?? {}, readPage(args));
      },
      async auditEventCount(_root, args: { filter?: AuditFilter | null }, ctx) {
        authorize(ctx.viewer, 'audit:read');
        await ctx.app.writer.settled();
        return countAuditEvents(ctx.app.knex, args.filter ?? {});
      },
    },
  },
};

/** `licenseInfo` and `togglePlugin` over GraphQL (SPEC.md). */
import { authorize } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { LicenseManager } from './licenseManager.js';
import { isPluginName } from './licenseToken.js';

/** What the licence module's resolvers read from `ctx.app`. */
export interface LicenseServices {
  readonly license: LicenseManager;
}

export const licenseSchema: SchemaModule<LicenseServices> = {
  typeDefs: /* GraphQL */ `
    enum LicenseStatus {
      "No licence: every plugin is inactive."
      NONE
      ACTIVE
      "The licence in force has expired: every plugin is inactive until a renewed one is activated."
      EXPIRED
    }

    type PluginState {
      "ticketing, sla or audit"
      name: String!
      "The licence in force lists it and has not expired."
      licensed: Boolean!
      "Not turned off by an admin."
      enabled: Boolean!
      "licensed and enabled: its endpoints and fields work."
      active: Boolean!
    }

    type LicenseInfo {
      status: LicenseStatus!
      licenseId: String
      customer: String
      issuedAt: DateTime
      expiresAt: DateTime
      activatedAt: DateTime
      plugins: [PluginState!]!
    }

    extend type Query {
      licenseInfo: LicenseInfo!
    }

    extend type Mutation {
      "Admin: turn a licensed plugin on or off at runtime. An unlicensed plugin cannot be turned on."
      togglePlugin(name: String!, enabled: Boolean!): PluginState!
    }
  `,
  resolvers: {
    Query: {
      licenseInfo: (_root, _args, ctx) => (authorize(ctx.viewer, 'license:read'), ctx.app.license.info()),
    },
    Mutation: {
      togglePlugin(_root, args: { name: string; enabled: boolean }, ctx) {
        const viewer = authorize(ctx.viewer, 'license:manage');
        if (!isPluginName(args.name))
          throw new AppError(ErrorCode.BadRequest, `unknown plugin ${args.name}; plugins are ticketing, sla and audit`);
        return ctx.app.license.toggle(args.name, args.enabled, `user:${viewer.username}`);
      },
    },
  },
};

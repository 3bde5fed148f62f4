/**
 * The log level at run time: an admin reads it (`logLevel`) and sets it (`setLogLevel`) without a
 * restart, on the instance that answers (each instance has its own; SVC_LOG_LEVEL sets it at start
 * and again at the next start). Guarded by its own permission, `log:level` (admins by default), and
 * recorded in the audit trail like every mutation. Not a licensed plugin: operability is not a feature.
 */
import { ADMIN, authorize, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { LOG_LEVELS, type LogLevel, type Logger } from '../../platform/log/logger.js';

export const logLevelPermissions = {
  'log:level': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof logLevelPermissions> {}
}

export const LOG_LEVEL_CHANGED_MESSAGE = 'log level changed';

/** The process's log level, changed with a line that says who changed it (written at the more verbose of the two levels). */
export class LogLevelControl {
  constructor(private readonly logger: Logger) {}

  get level(): LogLevel {
    return this.logger.level;
  }

  set(level: LogLevel, by: string): LogLevel {
    const from = this.logger.level;
    const line = () => this.logger.warn(LOG_LEVEL_CHANGED_MESSAGE, { from, to: level, by });
    // Lowering the bar: set first, so the line passes it; raising it: the line goes out first.
    if (LOG_LEVELS.indexOf(level) > LOG_LEVELS.indexOf(from)) {
      line();
      this.logger.setLevel(level);
    } else {
      this.logger.setLevel(level);
      line();
    }
    return level;
  }
}

export interface LogLevelServices {
  readonly logLevel: LogLevelControl;
}

type Context = GraphQLContext<LogLevelServices>;

const logLevelSchema: SchemaModule<LogLevelServices> = {
  typeDefs: /* GraphQL */ `
    "How much the server logs: each level includes the ones after it."
    enum LogLevel {
      DEBUG
      INFO
      WARN
      ERROR
    }

    extend type Query {
      "Admin (log:level): this instance's log level now."
      logLevel: LogLevel!
    }

    extend type Mutation {
      "Admin (log:level): sets this instance's log level until it is set again or the server restarts (then SVC_LOG_LEVEL). Returns the level in force."
      setLogLevel(level: LogLevel!): LogLevel!
    }
  `,
  resolvers: {
    LogLevel: { DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' },
    Query: {
      logLevel(_root: unknown, _args: unknown, ctx: Context) {
        authorize(ctx.viewer, 'log:level');
        return ctx.app.logLevel.level;
      },
    },
    Mutation: {
      setLogLevel(_root: unknown, args: { level: LogLevel }, ctx: Context) {
        const viewer = authorize(ctx.viewer, 'log:level');
        return ctx.app.logLevel.set(args.level, viewer.username);
      },
    },
  },
};

export const logLevelModule: ProductModule<object, LogLevelServices> = {
  name: 'log-level',
  permissions: logLevelPermissions,
  schema: [logLevelSchema],
  create: (kit) => ({ services: { logLevel: new LogLevelControl(kit.logger) } }),
};

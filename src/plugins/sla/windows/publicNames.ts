/**
 * The names the outside world knows maintenance windows by. The first API called them "exclusion
 * windows", and these names are part of it: agents and scripts call the two paths, agent keys' scopes
 * and the console name the permissions, and clients query the GraphQL types and fields
 * (`MaintenanceSpan`, `slaExclusionWindows`, `createExclusionWindow`, ... in maintenanceWindowSchema.ts,
 * whose SDL is the one place they are written). Renaming any of them would break those callers, so
 * they keep "exclusion" here and nowhere else in this folder; inside the process they are maintenance
 * windows.
 *
 * The permissions are also listed, as every action is, in src/core/auth/roles.ts (their default roles);
 * the agent keys' endpoint list (src/plugins/agentKeys/agentKeyEndpoints.ts) names the two paths.
 */

/** Who may list and read windows, and who may start, stop and delete them. */
export const WINDOW_READ = 'exclusion-window:read';
export const WINDOW_WRITE = 'exclusion-window:write';

/** The machine API's start and stop (API key). */
export const START_PATH = '/api/v1/sla/exclusion-window/start';
export const STOP_PATH = '/api/v1/sla/exclusion-window/stop';

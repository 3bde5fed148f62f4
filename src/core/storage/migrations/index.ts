import type { Migration } from '../../../platform/persistence/migration.js';
import { initialSchema } from './0001_initial.js';
import { usersSchema } from './0002_users.js';
import { peopleAndOwnershipSchema } from './0003_people_and_ownership.js';
import { agentCommandLifecycleSchema } from './0010_agent_command_lifecycle.js';

/**
 * Core's migrations (the fleet, agents and their commands, people and sign-in). Modules declare theirs beside them (licence
 * 0004, audit 0005-0006, webhooks 0007, 0009, 0024 and 0026, agent keys 0022 and 0025, notifications 0008); every version is unique
 * across the product and they run in version order. Never edit an applied one.
 */
export const coreMigrations: readonly Migration[] = [initialSchema, usersSchema, peopleAndOwnershipSchema, agentCommandLifecycleSchema];

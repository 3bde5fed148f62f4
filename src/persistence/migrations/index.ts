import type { Migration } from '../migration.js';
import { initialSchema } from './0001_initial.js';
import { usersSchema } from './0002_users.js';
import { peopleAndOwnershipSchema } from './0003_people_and_ownership.js';
import { licensingSchema } from './0004_licensing.js';
import { auditSchema } from './0005_audit.js';
import { auditOrderSchema } from './0006_audit_order.js';
import { webhooksSchema } from './0007_webhooks.js';
import { notificationsSchema } from './0008_notifications.js';
import { webhookOutboxSchema } from './0009_webhook_outbox.js';
import { agentCommandLifecycleSchema } from './0010_agent_command_lifecycle.js';

/** Every migration, in version order. Add new ones at the end; never edit an applied one. */
export const migrations: readonly Migration[] = [initialSchema, usersSchema, peopleAndOwnershipSchema, licensingSchema, auditSchema, auditOrderSchema, webhooksSchema, notificationsSchema, webhookOutboxSchema, agentCommandLifecycleSchema];

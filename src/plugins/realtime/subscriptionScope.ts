/**
 * What a Subscription resolver knows about the subscription it serves. The graphql-ws endpoint sets it, the
 * schema's resolvers hand it to the realtime service, and the service joins the hub with it: a type of its own so
 * that each of them can name it without importing the others.
 */
import type { DocumentNode } from 'graphql';
import type { PluginOwnership } from '../../platform/modules/pluginGate.js';
import type { RealtimeConnection } from './connections.js';

/** What a Subscription resolver knows about the subscription it serves (set by the endpoint). */
export interface SubscriptionScope extends PluginOwnership {
  readonly connection: RealtimeConnection;
  readonly subscriptionId: string;
  readonly document: DocumentNode;
  readonly documentKey: string;
  readonly operationName: string | null;
  readonly variables: Readonly<Record<string, unknown>> | null;
}

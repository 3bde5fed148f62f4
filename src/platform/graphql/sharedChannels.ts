/**
 * Live channels a module announces its changes on, in the module contract: the module publishes,
 * people subscribe through a Subscription field of its schema, and whichever module serves live
 * updates (the realtime plugin, src/plugins/realtime) provides this as the service `channels`. A
 * module that announces (agent commands, in the core) needs this contract, not the plugin.
 */
import type { GraphQLContext } from './context.js';

/** `Read`: the permission a subscriber needs (the core's `Action`; the platform does not know them). */
export interface SharedChannels<Read extends string = string> {
  /** Publish `{subscriptionField: payload}` to a channel; nothing runs without subscribers. */
  publishShared(channel: string, root: Readonly<Record<string, unknown>>): void;
  /**
   * What a Subscription resolver returns for a channel: the payloads published to it, shared by
   * everyone of a role; `read` is checked first. Over POST /graphql there is no subscription: BAD_REQUEST.
   */
  channelStream(ctx: GraphQLContext<object>, channel: string, read: Read): AsyncIterableIterator<never>;
}

/** The service a live-updates module provides. */
export interface SharedChannelServices<Read extends string = string> {
  readonly channels: SharedChannels<Read>;
}

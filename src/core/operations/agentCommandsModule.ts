/**
 * Agent commands as a module: people queue commands for an agent's node through GraphQL, agents
 * fetch them with their heartbeat and report the outcome (the machine API, core), commands not
 * fetched or answered in time expire on the clock, and every move is announced on the
 * `agentCommandUpdated` subscription (through the platform's `SharedChannels`, which the realtime
 * plugin provides) and as `agent.command_*` webhooks. After realtime, whose subscriptions it feeds.
 */
import type { CoreServices } from '../coreServices.js';
import type { ProductModule } from '../../platform/modules/module.js';
import type { Action } from '../auth/roles.js';
import type { SharedChannelServices } from '../../platform/graphql/sharedChannels.js';
import { agentCommandPublisher, agentCommandWebhookSource } from './agentCommandEvents.js';
import { agentCommandSchema } from './agentCommandSchema.js';
import { AGENT_COMMAND_SWEEP_INTERVAL_MS, AgentCommandService } from './agentCommandService.js';
import type { AgentCommandsServices } from './agentCommandsContext.js';

export const agentCommandsModule: ProductModule<CoreServices & SharedChannelServices<Action>, AgentCommandsServices> = {
  name: 'agentCommands',
  schema: [agentCommandSchema],
  webhookEvents: [agentCommandWebhookSource],
  create(kit, { fleet, channels }) {
    const agentCommands = new AgentCommandService({
      agents: fleet.agents,
      writer: kit.writer,
      knex: kit.knex,
      clock: kit.clock,
      logger: kit.logger,
    });
    const publish = agentCommandPublisher(channels);
    let sweeper: ReturnType<typeof kit.clock.setRepeatingTimer> | undefined;
    return {
      services: { agentCommands },
      busHandlers: { committed: publish },
      start() {
        // Product time: a command's deadline is a rule (src/platform/scheduler/clock.ts).
        sweeper = kit.clock.setRepeatingTimer(AGENT_COMMAND_SWEEP_INTERVAL_MS, () => void agentCommands.sweep());
      },
      stop: () => kit.clock.clearTimer(sweeper),
    };
  },
};

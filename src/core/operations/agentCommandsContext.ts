/** The services of the agent commands module, and what its resolvers read from `ctx.app`. */
import type { CoreServices } from '../coreServices.js';
import type { SharedChannelServices } from '../../platform/graphql/sharedChannels.js';
import type { Action } from '../auth/roles.js';
import type { AgentCommandService } from './agentCommandService.js';

export interface AgentCommandsServices {
  /** Commands for agents: queue, cancel, read. */
  readonly agentCommands: AgentCommandService;
}

export type AgentCommandsContext = CoreServices & SharedChannelServices<Action> & AgentCommandsServices;

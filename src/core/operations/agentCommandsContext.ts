/** The services of the agent commands module, and what its resolvers read from `ctx.app`. */
import type { CoreServices } from '../coreServices.js';
import type { RealtimeServices } from '../../plugins/realtime/realtimeSchema.js';
import type { AgentCommandService } from './agentCommandService.js';

export interface AgentCommandsServices {
  /** Commands for agents: queue, cancel, read. */
  readonly agentCommands: AgentCommandService;
}

export type AgentCommandsContext = CoreServices & Pick<RealtimeServices, 'realtime'> & AgentCommandsServices;

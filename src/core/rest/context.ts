/** What the REST handlers are given: the state core to read, the commands to change it, the clock. */
import type { Clock } from '../../platform/scheduler/index.js';
import type { ServiceCommands } from '../commands/serviceCommands.js';
import type { Fleet } from '../fleet/fleet.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';

export interface RestContext {
  readonly fleet: Fleet;
  /** Changes to services, shared with GraphQL. */
  readonly services: ServiceCommands;
  readonly writer: BatchWriter;
  readonly clock: Clock;
}

/** What the REST handlers are given: the state core to read, the commands to change it, the clock. */
import type { Clock } from '../clock.js';
import type { ServiceCommands } from '../commands/serviceCommands.js';
import type { Fleet } from '../actors/fleet.js';
import type { Database } from '../persistence/database.js';
import type { BatchWriter } from '../persistence/batchWriter.js';

export interface RestContext {
  readonly fleet: Fleet;
  /** Changes to services, shared with GraphQL. */
  readonly services: ServiceCommands;
  readonly writer: BatchWriter;
  readonly database: Database;
  readonly clock: Clock;
  readonly version: string;
}


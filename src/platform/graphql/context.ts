/**
 * What every resolver is given: who is asking, from where, and the services of the product. A
 * resolver sees them through its module's slice (`GraphQLContext<Slice>`): the core's are
 * `CoreServices` (src/core/coreServices.ts), each other module declares its own beside its schema.
 */
import type { Viewer } from '../gateway/viewer.js';

/** Where a request came from (sessions record it). */
export interface ClientInfo {
  readonly address: string;
  readonly userAgent: string | null;
}

export interface GraphQLContext<App extends object = object> {
  readonly viewer: Viewer | null;
  readonly client: ClientInfo;
  readonly app: App;
}

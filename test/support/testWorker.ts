/** The piscina worker module of the conformance suite's task kinds (see workerTasks.ts). */
import { piscinaTaskHandler } from '../../src/platform/workers/piscinaPool.js';
import { testTasks } from './workerTasks.js';

export default piscinaTaskHandler(testTasks);

/** The module each of the product's worker threads loads (createWorkerPool.ts names it). */
import { piscinaTaskHandler } from './piscinaPool.js';
import { productTasks } from './productTasks.js';

export default piscinaTaskHandler(productTasks);

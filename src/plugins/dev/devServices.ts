/**
 * What the development endpoints read of the product's services: the core's and the SLA plugin's.
 * The entry hands every module's services over (`extraRoutes` in src/app.ts, loaded by src/main.ts);
 * this module names the slice it uses instead of importing the entry.
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { SlaEvaluationServices } from '../sla/evaluation/slaEvaluationModule.js';
import type { SlaFiguresServices } from '../sla/figures/figuresSchema.js';
import type { SlaServices } from '../sla/slaContext.js';

export type DevServices = CoreServices & SlaServices & SlaEvaluationServices & SlaFiguresServices;

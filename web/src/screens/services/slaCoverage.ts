/** Which SLA definitions cover a service: assigned to it, or to the SLA group it belongs to. Pure. */
import type { ServicesSlaDefinitionsQuery } from '../../gql/graphql';

export type DefinitionCoverage = Omit<ServicesSlaDefinitionsQuery['slaDefinitions'][number], 'assignments'> & {
  readonly assignments: readonly Pick<
    ServicesSlaDefinitionsQuery['slaDefinitions'][number]['assignments'][number],
    'service' | 'slaGroup'
  >[];
};

export interface CoveringDefinition {
  readonly id: string;
  readonly name: string;
  readonly period: string;
  /** "service" when assigned to the service itself, else the group's name. */
  readonly via: string;
}

export function coveringDefinitions(
  definitions: readonly DefinitionCoverage[],
  serviceId: string,
  slaGroup: string | null,
): CoveringDefinition[] {
  const covering: CoveringDefinition[] = [];
  for (const definition of definitions) {
    const direct = definition.assignments.some((assignment) => assignment.service?.id === serviceId);
    const byGroup =
      slaGroup !== null && definition.assignments.some((assignment) => assignment.slaGroup !== null && assignment.slaGroup === slaGroup);
    if (direct || byGroup)
      covering.push({ id: definition.id, name: definition.name, period: definition.period, via: direct ? 'service' : `group ${slaGroup}` });
  }
  return covering.sort((a, b) => a.name.localeCompare(b.name));
}

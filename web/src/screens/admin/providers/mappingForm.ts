/** A group mapping: people in an external group (a DN or an OIDC groups-claim value) join a product group, get a role, or both. */
import type { Role } from '../users/userForm';
import type { CreateLdapGroupInput } from '../../../gql/graphql';

export interface MappingValues {
  externalGroup: string;
  /** '' for none. */
  groupId: string;
  role: Role | '';
}

export type MappingErrors = Partial<Record<keyof MappingValues, string>>;

export function validateMapping(values: MappingValues): MappingErrors {
  const errors: MappingErrors = {};
  if (values.externalGroup.trim() === '')
    errors.externalGroup = 'Enter the external group: an LDAP group DN or a value of the groups claim.';
  if (values.groupId === '' && values.role === '')
    errors.groupId = 'Choose a product group, a role, or both: a mapping to nothing does nothing.';
  return errors;
}

export function mappingInput(
  providerId: string,
  values: MappingValues,
): { providerId: string; externalGroup: string; groupId: string | null; role: Role | null } {
  return { providerId, externalGroup: values.externalGroup.trim(), groupId: values.groupId || null, role: values.role || null };
}

export interface LinkValues {
  groupDn: string;
  /** '' : create a product group named `name` (default: the DN's cn). */
  groupId: string;
  name: string;
}

export function validateLink(values: LinkValues): Partial<Record<keyof LinkValues, string>> {
  const dn = values.groupDn.trim();
  if (dn === '') return { groupDn: "Enter the directory group's DN, e.g. cn=ops,ou=groups,dc=example,dc=org." };
  if (!/^[A-Za-z][\w-]*=.+/.test(dn)) return { groupDn: 'A DN looks like cn=ops,ou=groups,dc=example,dc=org.' };
  return {};
}

export function linkInput(providerId: string, values: LinkValues): CreateLdapGroupInput {
  return {
    providerId,
    groupDn: values.groupDn.trim(),
    ...(values.groupId ? { groupId: values.groupId } : values.name.trim() ? { name: values.name.trim() } : {}),
  };
}

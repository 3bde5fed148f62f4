/** Documents of a provider's directory groups (LDAP) and group mappings. */
import { gql } from 'urql';

export interface LdapGroupRow {
  readonly id: string;
  readonly dn: string;
  readonly group: { id: string; name: string; memberCount: number };
  readonly lastSyncedAt: string | null;
}

export interface MappingRow {
  readonly id: string;
  readonly externalGroup: string;
  readonly group: { id: string; name: string } | null;
  readonly role: string | null;
}

export interface SyncResult {
  readonly ldapGroup: { id: string; dn: string };
  readonly added: readonly { username: string }[];
  readonly removed: readonly { username: string }[];
  readonly provisioned: readonly { username: string }[];
  readonly unresolved: readonly string[];
}

export const PROVIDER_DIRECTORY = gql`
  query AdminProviderDirectory($id: ID!) {
    authProvider(id: $id) {
      id
      type
      name
      displayName
    }
    ldapGroups(providerId: $id) {
      id
      dn
      lastSyncedAt
      group {
        id
        name
        memberCount
      }
    }
    groupMappings(providerId: $id) {
      id
      externalGroup
      role
      group {
        id
        name
      }
    }
    groups(limit: 500) {
      id
      name
    }
  }
`;

export const LINK_LDAP_GROUP = gql`
  mutation AdminLinkLdapGroup($input: CreateLDAPGroupInput!) {
    createLDAPGroup(input: $input) {
      id
    }
  }
`;

export const UNLINK_LDAP_GROUP = gql`
  mutation AdminUnlinkLdapGroup($id: ID!, $deleteGroup: Boolean) {
    deleteLDAPGroup(id: $id, deleteGroup: $deleteGroup)
  }
`;

export const SYNC_LDAP_GROUPS = gql`
  mutation AdminSyncLdapGroups($providerId: ID, $ldapGroupId: ID) {
    syncLDAPGroups(providerId: $providerId, ldapGroupId: $ldapGroupId) {
      ldapGroup {
        id
        dn
      }
      added {
        username
      }
      removed {
        username
      }
      provisioned {
        username
      }
      unresolved
    }
  }
`;

export const SET_GROUP_MAPPING = gql`
  mutation AdminSetGroupMapping($input: SetGroupMappingInput!) {
    setGroupMapping(input: $input) {
      id
    }
  }
`;

export const DELETE_GROUP_MAPPING = gql`
  mutation AdminDeleteGroupMapping($id: ID!) {
    deleteGroupMapping(id: $id)
  }
`;

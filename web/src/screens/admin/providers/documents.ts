/** The sign-in provider screens' GraphQL documents (providers, their directory groups and group mappings); the shapes of their answers are generated (web/src/gql). */
import { gql } from 'urql';
import type {
  AdminCreateProviderMutation,
  AdminCreateProviderMutationVariables,
  AdminDeleteGroupMappingMutation,
  AdminDeleteGroupMappingMutationVariables,
  AdminDeleteProviderMutation,
  AdminDeleteProviderMutationVariables,
  AdminLinkLdapGroupMutation,
  AdminLinkLdapGroupMutationVariables,
  AdminProviderDirectoryQuery,
  AdminProviderDirectoryQueryVariables,
  AdminProviderStatusMutation,
  AdminProviderStatusMutationVariables,
  AdminProvidersListQuery,
  AdminProvidersListQueryVariables,
  AdminSetGroupMappingMutation,
  AdminSetGroupMappingMutationVariables,
  AdminSyncLdapGroupsMutation,
  AdminSyncLdapGroupsMutationVariables,
  AdminTestProviderMutation,
  AdminTestProviderMutationVariables,
  AdminUnlinkLdapGroupMutation,
  AdminUnlinkLdapGroupMutationVariables,
  AdminUpdateProviderMutation,
  AdminUpdateProviderMutationVariables,
} from '../../../gql/graphql';

/** A sign-in provider as the list shows it. */
export type ProviderRow = AdminProvidersListQuery['authProviders'][number];
/** The steps of a provider test. */
export type ProviderTestResult = AdminTestProviderMutation['testAuthProvider'];
/** A provider's directory, its LDAP groups and group mappings. */
export type ProviderDirectory = AdminProviderDirectoryQuery;
export type LdapGroupRow = AdminProviderDirectoryQuery['ldapGroups'][number];
export type MappingRow = AdminProviderDirectoryQuery['groupMappings'][number];
export type SyncResult = AdminSyncLdapGroupsMutation['syncLDAPGroups'][number];

export const PROVIDERS_LIST = gql<AdminProvidersListQuery, AdminProvidersListQueryVariables>`
  query AdminProvidersList {
    authProviders {
      id
      type
      name
      displayName
      enabled
      defaultRole
      hasSecret
      secretError
      userCount
      startUrl
      updatedAt
      ldap {
        url
        startTls
        tlsVerify
        hasTlsCa
        bindDn
        userBaseDn
        userFilter
        usernameAttribute
        emailAttribute
        nameAttribute
        uniqueIdAttribute
        groupMembership
        groupBaseDn
        groupFilter
        groupMemberAttribute
        connectTimeoutMs
        timeoutMs
      }
      oidc {
        issuer
        clientId
        redirectUri
        scopes
        usernameClaim
        emailClaim
        nameClaim
        groupsClaim
        postLoginRedirectUri
        allowInsecureHttp
        timeoutMs
      }
    }
  }
`;

export const CREATE_PROVIDER = gql<AdminCreateProviderMutation, AdminCreateProviderMutationVariables>`
  mutation AdminCreateProvider($input: CreateAuthProviderInput!) {
    createAuthProvider(input: $input) {
      id
    }
  }
`;

export const UPDATE_PROVIDER = gql<AdminUpdateProviderMutation, AdminUpdateProviderMutationVariables>`
  mutation AdminUpdateProvider($id: ID!, $input: UpdateAuthProviderInput!) {
    updateAuthProvider(id: $id, input: $input) {
      id
    }
  }
`;

export const PROVIDER_STATUS = gql<AdminProviderStatusMutation, AdminProviderStatusMutationVariables>`
  mutation AdminProviderStatus($id: ID!, $enabled: Boolean!) {
    updateAuthProviderStatus(id: $id, enabled: $enabled) {
      id
      enabled
    }
  }
`;

export const DELETE_PROVIDER = gql<AdminDeleteProviderMutation, AdminDeleteProviderMutationVariables>`
  mutation AdminDeleteProvider($id: ID!) {
    deleteAuthProvider(id: $id)
  }
`;

export const TEST_PROVIDER = gql<AdminTestProviderMutation, AdminTestProviderMutationVariables>`
  mutation AdminTestProvider($id: ID!, $username: String) {
    testAuthProvider(id: $id, username: $username) {
      success
      failedStep
      message
      steps {
        step
        ok
        message
      }
    }
  }
`;

export const PROVIDER_DIRECTORY = gql<AdminProviderDirectoryQuery, AdminProviderDirectoryQueryVariables>`
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

export const LINK_LDAP_GROUP = gql<AdminLinkLdapGroupMutation, AdminLinkLdapGroupMutationVariables>`
  mutation AdminLinkLdapGroup($input: CreateLDAPGroupInput!) {
    createLDAPGroup(input: $input) {
      id
    }
  }
`;

export const UNLINK_LDAP_GROUP = gql<AdminUnlinkLdapGroupMutation, AdminUnlinkLdapGroupMutationVariables>`
  mutation AdminUnlinkLdapGroup($id: ID!, $deleteGroup: Boolean) {
    deleteLDAPGroup(id: $id, deleteGroup: $deleteGroup)
  }
`;

export const SYNC_LDAP_GROUPS = gql<AdminSyncLdapGroupsMutation, AdminSyncLdapGroupsMutationVariables>`
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

export const SET_GROUP_MAPPING = gql<AdminSetGroupMappingMutation, AdminSetGroupMappingMutationVariables>`
  mutation AdminSetGroupMapping($input: SetGroupMappingInput!) {
    setGroupMapping(input: $input) {
      id
    }
  }
`;

export const DELETE_GROUP_MAPPING = gql<AdminDeleteGroupMappingMutation, AdminDeleteGroupMappingMutationVariables>`
  mutation AdminDeleteGroupMapping($id: ID!) {
    deleteGroupMapping(id: $id)
  }
`;

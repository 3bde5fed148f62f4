/** The sign-in provider screens' GraphQL documents and the shapes they return. */
import { gql } from 'urql';
import type { ProviderFields } from './providerForm';

export interface ProviderRow extends ProviderFields {
  readonly id: string;
  readonly hasSecret: boolean;
  readonly secretError: string | null;
  readonly userCount: number;
  readonly startUrl: string | null;
  readonly updatedAt: string;
}

export interface ProviderTestResult {
  readonly success: boolean;
  readonly failedStep: string | null;
  readonly message: string;
  readonly steps: readonly { step: string; ok: boolean; message: string }[];
}

export const PROVIDERS_LIST = gql`
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

export const CREATE_PROVIDER = gql`
  mutation AdminCreateProvider($input: CreateAuthProviderInput!) {
    createAuthProvider(input: $input) {
      id
    }
  }
`;

export const UPDATE_PROVIDER = gql`
  mutation AdminUpdateProvider($id: ID!, $input: UpdateAuthProviderInput!) {
    updateAuthProvider(id: $id, input: $input) {
      id
    }
  }
`;

export const PROVIDER_STATUS = gql`
  mutation AdminProviderStatus($id: ID!, $enabled: Boolean!) {
    updateAuthProviderStatus(id: $id, enabled: $enabled) {
      id
      enabled
    }
  }
`;

export const DELETE_PROVIDER = gql`
  mutation AdminDeleteProvider($id: ID!) {
    deleteAuthProvider(id: $id)
  }
`;

export const TEST_PROVIDER = gql`
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

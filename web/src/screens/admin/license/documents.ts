/** The licence screen's GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  AdminLicenseInfoQuery,
  AdminLicenseInfoQueryVariables,
  AdminLicenseUpdatedSubscription,
  AdminLicenseUpdatedSubscriptionVariables,
  AdminTogglePluginMutation,
  AdminTogglePluginMutationVariables,
} from '../../../gql/graphql';

export const LICENSE_INFO = gql<AdminLicenseInfoQuery, AdminLicenseInfoQueryVariables>`
  query AdminLicenseInfo {
    licenseInfo {
      status
      licenseId
      customer
      issuedAt
      expiresAt
      activatedAt
      plugins {
        name
        licensed
        enabled
        active
      }
    }
  }
`;

export const TOGGLE_PLUGIN = gql<AdminTogglePluginMutation, AdminTogglePluginMutationVariables>`
  mutation AdminTogglePlugin($name: String!, $enabled: Boolean!) {
    togglePlugin(name: $name, enabled: $enabled) {
      name
      licensed
      enabled
      active
    }
  }
`;

export const LICENSE_UPDATED = gql<AdminLicenseUpdatedSubscription, AdminLicenseUpdatedSubscriptionVariables>`
  subscription AdminLicenseUpdated {
    licenseUpdated {
      reason
      customer
      activePlugins
      at
    }
  }
`;

/** The shell's GraphQL documents (the plugins' states and their changes); the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  ShellLicenceChangedSubscription,
  ShellLicenceChangedSubscriptionVariables,
  ShellPluginsQuery,
  ShellPluginsQueryVariables,
} from '../gql/graphql';

export const PLUGINS = gql<ShellPluginsQuery, ShellPluginsQueryVariables>`
  query ShellPlugins {
    licenseInfo {
      status
      expiresAt
      plugins {
        name
        licensed
        enabled
        active
      }
    }
  }
`;

export const LICENCE_CHANGED = gql<ShellLicenceChangedSubscription, ShellLicenceChangedSubscriptionVariables>`
  subscription ShellLicenceChanged {
    licenseUpdated {
      at
    }
  }
`;

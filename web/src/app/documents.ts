/** The GraphQL documents of this area, typed by the generated operation types (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type { ShellLicenceChangedSubscription, ShellLicenceChangedSubscriptionVariables, ShellPluginsQuery, ShellPluginsQueryVariables } from '../gql/graphql';

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

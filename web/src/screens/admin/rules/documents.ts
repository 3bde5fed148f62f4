/** The permission rules screen's GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  AdminAddPermissionRuleMutation,
  AdminAddPermissionRuleMutationVariables,
  AdminDeletePermissionRuleMutation,
  AdminDeletePermissionRuleMutationVariables,
  AdminPermissionRuleChoicesQuery,
  AdminPermissionRuleChoicesQueryVariables,
  AdminPermissionRulesQuery,
  AdminPermissionRulesQueryVariables,
  AdminUpdatePermissionRuleMutation,
  AdminUpdatePermissionRuleMutationVariables,
} from '../../../gql/graphql';

export const RULES = gql<AdminPermissionRulesQuery, AdminPermissionRulesQueryVariables>`
  query AdminPermissionRules($subjectType: PolicySubjectType, $subject: String, $resource: String) {
    permissionRules(subjectType: $subjectType, subject: $subject, resource: $resource) {
      id
      subjectType
      subject
      subjectName
      resource
      action
      effect
      environment {
        id
        name
      }
      description
    }
  }
`;

export const RULE_CHOICES = gql<AdminPermissionRuleChoicesQuery, AdminPermissionRuleChoicesQueryVariables>`
  query AdminPermissionRuleChoices {
    policyResources {
      resource
      actions
    }
    groups(limit: 500) {
      id
      name
    }
    environments {
      id
      name
    }
  }
`;

export const ADD_RULE = gql<AdminAddPermissionRuleMutation, AdminAddPermissionRuleMutationVariables>`
  mutation AdminAddPermissionRule($input: PermissionRuleInput!) {
    addPermissionRule(input: $input) {
      id
    }
  }
`;

export const UPDATE_RULE = gql<AdminUpdatePermissionRuleMutation, AdminUpdatePermissionRuleMutationVariables>`
  mutation AdminUpdatePermissionRule($id: ID!, $input: UpdatePermissionRuleInput!) {
    updatePermissionRule(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_RULE = gql<AdminDeletePermissionRuleMutation, AdminDeletePermissionRuleMutationVariables>`
  mutation AdminDeletePermissionRule($id: ID!) {
    deletePermissionRule(id: $id)
  }
`;

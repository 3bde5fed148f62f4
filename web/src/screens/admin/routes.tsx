/** Administration: people, webhooks, the licence and plugins, the audit trail, agent keys, sign-in providers, permission rules, environments. */
import { lazy } from 'react';
import type { NavSection } from '../../app/navigation';
import type { RouteDef } from '../../app/router';

const ADMIN = ['ADMIN'] as const;

export const routes: RouteDef[] = [
  { path: '/admin/users', screen: lazy(() => import('./users/UsersScreen')), title: 'Users' },
  { path: '/admin/users/:id', screen: lazy(() => import('./users/UserScreen')), title: 'User' },
  { path: '/admin/groups', screen: lazy(() => import('./groups/GroupsScreen')), title: 'Groups' },
  { path: '/admin/groups/:id', screen: lazy(() => import('./groups/GroupScreen')), title: 'Group' },
  { path: '/admin/webhooks', screen: lazy(() => import('./webhooks/WebhooksScreen')), title: 'Webhooks' },
  { path: '/admin/webhooks/:id', screen: lazy(() => import('./webhooks/WebhookScreen')), title: 'Webhook' },
  { path: '/admin/licence', screen: lazy(() => import('./license/LicenseScreen')), title: 'Licence and plugins' },
  { path: '/admin/audit', screen: lazy(() => import('./audit/AuditScreen')), title: 'Audit trail', plugin: 'audit' },
  { path: '/admin/providers', screen: lazy(() => import('./providers/ProvidersScreen')), title: 'Sign-in providers' },
  { path: '/admin/providers/:id/groups', screen: lazy(() => import('./providers/ProviderGroupsScreen')), title: 'Provider groups' },
  { path: '/admin/permission-rules', screen: lazy(() => import('./rules/RulesScreen')), title: 'Permission rules' },
  { path: '/admin/environments', screen: lazy(() => import('./environments/EnvironmentsScreen')), title: 'Environments' },
  { path: '/admin/agent-keys', screen: lazy(() => import('./agentKeys/AgentKeysScreen')), title: 'Agent keys' },
];

export const nav: NavSection = {
  title: 'Administration',
  items: [
    { label: 'Users', to: '/admin/users', roles: ADMIN },
    { label: 'Groups', to: '/admin/groups', roles: ADMIN },
    // Operators read webhooks and their delivery history (webhook:read); only admins change them.
    { label: 'Webhooks', to: '/admin/webhooks', roles: ['ADMIN', 'OPERATOR'] },
    { label: 'Licence and plugins', to: '/admin/licence', roles: ADMIN },
    { label: 'Audit trail', to: '/admin/audit', roles: ADMIN, plugin: 'audit' },
    { label: 'Agent keys', to: '/admin/agent-keys', roles: ADMIN },
    { label: 'Sign-in providers', to: '/admin/providers', roles: ADMIN },
    { label: 'Permission rules', to: '/admin/permission-rules', roles: ADMIN },
    { label: 'Environments', to: '/admin/environments', roles: ADMIN },
  ],
};

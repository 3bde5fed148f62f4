/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** requestsPerSecond from 0.1 to 10000, burst from 1 to 100000. */
export type AgentKeyBudgetInput = {
  burst: number;
  requestsPerSecond: number;
};

/** Exactly one of serviceId or slaGroup. */
export type AssignSlaInput = {
  definitionId: string | number;
  serviceId?: string | number | null | undefined;
  slaGroup?: string | null | undefined;
};

export type AuditFilter = {
  action?: string | null | undefined;
  actor?: string | null | undefined;
  actorId?: string | number | null | undefined;
  from?: string | null | undefined;
  kind?: string | null | undefined;
  outcome?: AuditOutcome | null | undefined;
  requestId?: string | null | undefined;
  to?: string | null | undefined;
};

export type AuditOutcome =
  | 'FAILURE'
  | 'SUCCESS';

/** The steps testAuthProvider runs, in order; a failure names one. */
export type AuthProviderStep =
  | 'BIND'
  | 'CONNECTION'
  | 'DISCOVERY'
  | 'SEARCH'
  | 'TLS';

export type AuthProviderType =
  | 'LDAP'
  | 'OIDC';

export type CreateAgentKeyInput = {
  /** Names from agentKeyEndpoints, e.g. operator/heartbeat, health/report. */
  endpoints: Array<string>;
  name: string;
  /** A nodeId path; the key reaches it and every node below it. */
  nodeId: string;
  /** Its own request budget (e.g. many agents behind one address); left out, its requests count against their address. */
  requestBudget?: AgentKeyBudgetInput | null | undefined;
};

export type CreateAuthProviderInput = {
  defaultRole?: Role | null | undefined;
  displayName?: string | null | undefined;
  enabled?: boolean | null | undefined;
  ldap?: LdapSettingsInput | null | undefined;
  name: string;
  oidc?: OidcSettingsInput | null | undefined;
  type: AuthProviderType;
};

export type CreateExclusionWindowInput = {
  /** Ends the window by itself at this time (in the future, at most 366 days ahead); leave it out for a window that lasts until stopped. */
  expectedEndAt?: string | null | undefined;
  reason?: string | null | undefined;
  serviceId: string | number;
};

export type CreateGroupInput = {
  description?: string | null | undefined;
  name: string;
};

export type CreateLdapGroupInput = {
  description?: string | null | undefined;
  /** The directory group's DN. */
  groupDn: string;
  /** An existing product group; without it a product group is created. */
  groupId?: string | number | null | undefined;
  /** Name of the product group to create (default: the DN's cn). */
  name?: string | null | undefined;
  providerId: string | number;
};

export type CreateSlaDefinitionInput = {
  burnRates?: SlaBurnRatesInput | null | undefined;
  degradedCountsAsDown?: boolean | null | undefined;
  description?: string | null | undefined;
  /** Unique, ignoring case; 1 to 200 characters. */
  name: string;
  period: SlaPeriod;
  /** Raise an INCIDENT ticket when an SLA incident opens under this definition (needs the ticketing plugin). */
  raiseTicket?: boolean | null | undefined;
  targetPercent: number;
  /** An INCIDENT catalog item's name for those tickets; unknown names are left out when the ticket is raised. */
  ticketCatalogItem?: string | null | undefined;
  /** IANA name such as Europe/Berlin; UTC when left out. */
  timeZone?: string | null | undefined;
};

export type CreateSlaTargetInput = {
  definitionId: string | number;
  scope: SlaTargetScope;
  scopeValue: string;
  targetPercent: number;
};

export type CreateSavedFilterInput = {
  /** JSON text of an object: at most 16 KiB, 8 levels deep, 1000 values. */
  filter: string;
  /** Make it the person's default for the resource (the previous default stops being one). */
  isDefault?: boolean | null | undefined;
  /** 1 to 100 characters, unique among the person's filters of the resource. */
  name: string;
  resource: SavedFilterResource;
  /** Groups whose members may read it (at most 50). */
  sharedWithGroupIds?: Array<string | number> | null | undefined;
};

export type CreateTicketInput = {
  /** Must name an existing catalog item (availableCatalogItems) of the same type. */
  catalogItemName?: string | null | undefined;
  description?: string | null | undefined;
  impact: TicketSeverity;
  /** Operators and admins may raise a ticket for another person; left out: the caller. */
  requesterId?: string | number | null | undefined;
  /** Must name an existing service. */
  serviceId?: string | number | null | undefined;
  title: string;
  type: TicketType;
  urgency: TicketSeverity;
};

export type CreateUserInput = {
  displayName?: string | null | undefined;
  email?: string | null | undefined;
  /** At least 10 characters. Without one the user cannot sign in until a password is set with resetPassword. */
  password?: string | null | undefined;
  role?: Role | null | undefined;
  username: string;
};

export type CreateWebhookInput = {
  customPayloadTemplate?: string | null | undefined;
  /** Names from webhookEventTypes. */
  events: Array<string>;
  filters?: string | null | undefined;
  headers?: Array<WebhookHeaderInput> | null | undefined;
  method?: WebhookMethod | null | undefined;
  /** Default: the URL's host. */
  name?: string | null | undefined;
  /** Default EXPONENTIAL. */
  retryBackoff?: WebhookRetryBackoff | null | undefined;
  /** 100 to 3600000, default 10000. */
  retryDelayMs?: number | null | undefined;
  /** 0 to 10, default 3. */
  retryMax?: number | null | undefined;
  /** 16 to 256 printable characters; deliveries are signed with it. Write-only. */
  secret?: string | null | undefined;
  /** ACTIVE (default) or INACTIVE. */
  status?: WebhookStatus | null | undefined;
  /** 1 to 30000, default 10000. */
  timeoutMs?: number | null | undefined;
  url: string;
};

export type EnvironmentAccessLevel =
  | 'READ'
  | 'WRITE';

export type EnvironmentInput = {
  description?: string | null | undefined;
  name: string;
  paths: Array<string>;
};

/** Who acted: a machine with the operator API key, or a signed-in person. */
export type ExclusionWindowActor =
  | 'API_KEY'
  | 'USER';

/** How a maintenance window ended: STOP (stopped by a call), EXPIRY (its expectedEndAt came), DELETE (deleted while active). */
export type ExclusionWindowEnd =
  | 'DELETE'
  | 'EXPIRY'
  | 'STOP';

export type LdapGroupMembership =
  /** Read the person's memberOf attribute. */
  | 'MEMBER_OF'
  /** Search groups whose groupFilter matches the person. */
  | 'SEARCH';

export type LdapSettingsInput = {
  bindDn?: string | null | undefined;
  /** Write-only. Empty string: clear it; left out: keep it. */
  bindPassword?: string | null | undefined;
  connectTimeoutMs?: number | null | undefined;
  emailAttribute?: string | null | undefined;
  groupBaseDn?: string | null | undefined;
  groupFilter?: string | null | undefined;
  groupMemberAttribute?: string | null | undefined;
  groupMembership?: LdapGroupMembership | null | undefined;
  nameAttribute?: string | null | undefined;
  startTls?: boolean | null | undefined;
  timeoutMs?: number | null | undefined;
  tlsCaPem?: string | null | undefined;
  tlsVerify?: boolean | null | undefined;
  uniqueIdAttribute?: string | null | undefined;
  url?: string | null | undefined;
  userBaseDn?: string | null | undefined;
  userFilter?: string | null | undefined;
  usernameAttribute?: string | null | undefined;
};

export type LicenseStatus =
  | 'ACTIVE'
  /** The licence in force has expired: every plugin is inactive until a renewed one is activated. */
  | 'EXPIRED'
  /** No licence: every plugin is inactive. */
  | 'NONE';

export type OidcSettingsInput = {
  allowInsecureHttp?: boolean | null | undefined;
  clientId?: string | null | undefined;
  /** Write-only. Empty string: clear it; left out: keep it. */
  clientSecret?: string | null | undefined;
  emailClaim?: string | null | undefined;
  groupsClaim?: string | null | undefined;
  issuer?: string | null | undefined;
  nameClaim?: string | null | undefined;
  postLoginRedirectUri?: string | null | undefined;
  redirectUri?: string | null | undefined;
  scopes?: string | null | undefined;
  timeoutMs?: number | null | undefined;
  usernameClaim?: string | null | undefined;
};

export type PermissionRuleInput = {
  action: string;
  description?: string | null | undefined;
  effect: PolicyEffect;
  environmentId?: string | number | null | undefined;
  resource: string;
  /** ROLE: admin, operator or user. GROUP: the group's id or name. */
  subject: string;
  subjectType: PolicySubjectType;
};

export type PolicyEffect =
  | 'ALLOW'
  | 'DENY';

export type PolicySubjectType =
  | 'GROUP'
  | 'ROLE';

export type Role =
  | 'ADMIN'
  | 'OPERATOR'
  /** Reads everything a viewer may see; changes nothing but their own sessions and password. */
  | 'USER';

/** Alerts raised in [from, to). */
export type SlaAlertFilter = {
  definitionId?: string | number | null | undefined;
  from?: string | null | undefined;
  kinds?: Array<SlaAlertKind> | null | undefined;
  serviceId?: string | number | null | undefined;
  slaGroup?: string | null | undefined;
  statuses?: Array<SlaAlertStatus> | null | undefined;
  to?: string | null | undefined;
};

/** BREACHED, AT_RISK: the period's status; FAST_BURN, SLOW_BURN: multi-window burn rates; BACKUP_OVERDUE: a service's last successful backup is older than its maximum age. */
export type SlaAlertKind =
  | 'AT_RISK'
  | 'BACKUP_OVERDUE'
  | 'BREACHED'
  | 'FAST_BURN'
  | 'SLOW_BURN';

/** OPEN -> ACKNOWLEDGED (a person saw it) -> RESOLVED (its condition ended); OPEN -> RESOLVED too. */
export type SlaAlertStatus =
  | 'ACKNOWLEDGED'
  | 'OPEN'
  | 'RESOLVED';

export type SlaBurnRateRuleInput = {
  /** Whole 5-minute buckets, 5 to 10080; longer than shortWindowMinutes. */
  longWindowMinutes?: number | null | undefined;
  shortWindowMinutes?: number | null | undefined;
  /** Above 0, at most 1000. */
  threshold?: number | null | undefined;
};

/** Fields left out keep their current (or default) values; fast.threshold must stay above slow.threshold. */
export type SlaBurnRatesInput = {
  fast?: SlaBurnRateRuleInput | null | undefined;
  slow?: SlaBurnRateRuleInput | null | undefined;
};

export type SlaEventKind =
  | 'ALERT_ACKNOWLEDGED'
  | 'ALERT_RAISED'
  | 'ALERT_RESOLVED'
  | 'ASSIGNED'
  | 'DEFINITION_CREATED'
  | 'DEFINITION_DELETED'
  | 'DEFINITION_UPDATED'
  | 'GROUP_TARGET_OVERRIDE_SET'
  | 'INCIDENT_CLOSED'
  | 'INCIDENT_OPENED'
  | 'INCIDENT_UPDATED'
  | 'PERIODS_RECOMPUTED'
  | 'TARGET_DELETED'
  | 'TARGET_SET'
  | 'UNASSIGNED';

/** Entries in [from, to). */
export type SlaEventLogFilter = {
  definitionId?: string | number | null | undefined;
  from?: string | null | undefined;
  kinds?: Array<SlaEventKind> | null | undefined;
  serviceId?: string | number | null | undefined;
  slaGroup?: string | null | undefined;
  to?: string | null | undefined;
};

/** Incidents overlapping [from, to) (started before to, open or ended at or after from). */
export type SlaIncidentFilter = {
  definitionId?: string | number | null | undefined;
  from?: string | null | undefined;
  /** true: open only; false: closed only. */
  open?: boolean | null | undefined;
  serviceId?: string | number | null | undefined;
  to?: string | null | undefined;
};

export type SlaIncidentSeverity =
  | 'CRITICAL'
  | 'MAJOR'
  | 'MINOR';

/** AUTOMATIC: opened and closed by the service's status (DOWN, and DEGRADED where a covering definition counts it); MANUAL: recorded by a person. */
export type SlaIncidentSource =
  | 'AUTOMATIC'
  | 'MANUAL';

/** Calendar periods an SLA is measured over, aligned in the definition's time zone (weeks start on Monday). */
export type SlaPeriod =
  | 'DAY'
  | 'MONTH'
  | 'QUARTER'
  | 'WEEK'
  | 'YEAR';

/** SERVICE: scopeValue is a service id; GROUP: an SLA group name; TIER: a tier name (of SLA groups). */
export type SlaTargetScope =
  | 'GROUP'
  | 'SERVICE'
  | 'TIER';

/** Which pairs of (service, covering definition) a trend pools; no subject: every covered service. */
export type SlaTrendFilter = {
  /** An SLA group: its members. */
  group?: string | null | undefined;
  /** Whole months before the current one, 0 to 36; the trend starts at that month's first day. */
  monthsBack?: number | null | undefined;
  periodType: SlaTrendPeriodType;
  serviceId?: string | number | null | undefined;
  slaDefinitionId?: string | number | null | undefined;
};

export type SlaTrendPeriodType =
  | 'DAILY'
  | 'MONTHLY';

export type SavedFilterResource =
  | 'AGENTS'
  | 'AUDIT'
  | 'NODES'
  | 'NOTIFICATIONS'
  | 'SERVICES'
  | 'SLA_DEFINITIONS'
  | 'SLA_INCIDENTS'
  | 'TICKETS'
  | 'WEBHOOKS';

export type ServiceDependencyInput = {
  dependencyType?: string | null | undefined;
  targetServiceId: string | number;
};

export type ServiceFilter = {
  criticality?: string | null | undefined;
  namespace?: string | null | undefined;
  /** Services at this node or below it. */
  nodeId?: string | null | undefined;
  ownerId?: string | number | null | undefined;
  /** Part of the name or display name, any case. */
  search?: string | null | undefined;
  serviceType?: string | null | undefined;
  slaGroup?: string | null | undefined;
  /** Any of these statuses. */
  status?: Array<ServiceStatus> | null | undefined;
  /** Services whose latest storage report is in any of these states; a service without a storage report matches none. */
  storageState?: Array<StorageState> | null | undefined;
  /** Services carrying this tag. */
  tag?: string | null | undefined;
  teamId?: string | number | null | undefined;
};

export type ServiceSort = {
  direction?: ServiceSortDirection | null | undefined;
  field: ServiceSortField;
};

export type ServiceSortDirection =
  | 'ASC'
  /** The exact reverse of ASC. */
  | 'DESC';

/** What a list of services is sorted by. */
export type ServiceSortField =
  /** Name, then node path. */
  | 'NAME'
  /** Worst first: DOWN, DEGRADED, UNKNOWN, MAINTENANCE, OPERATIONAL; within a status storage CRITICAL, then WARNING, then the rest; then name and node. */
  | 'STATUS'
  /** The last change to the service (a report, a sync, an edit), oldest first; then name and node. */
  | 'UPDATED_AT';

export type ServiceStatus =
  | 'DEGRADED'
  | 'DOWN'
  | 'MAINTENANCE'
  | 'OPERATIONAL'
  | 'UNKNOWN';

export type SetGroupMappingInput = {
  externalGroup: string;
  groupId?: string | number | null | undefined;
  providerId: string | number;
  role?: Role | null | undefined;
};

/** The state of a service's latest storage report (SPEC.md): more than 30 % free is HEALTHY, 10 % to 30 % WARNING, less than 10 % CRITICAL. It is not a service status: it stands beside it. */
export type StorageState =
  | 'CRITICAL'
  | 'HEALTHY'
  | 'WARNING';

export type TicketFilter = {
  assigneeId?: string | number | null | undefined;
  groupId?: string | number | null | undefined;
  impact?: TicketSeverity | null | undefined;
  priority?: TicketPriority | null | undefined;
  requesterId?: string | number | null | undefined;
  serviceId?: string | number | null | undefined;
  status?: string | null | undefined;
  statusCategory?: TicketStatusCategory | null | undefined;
  /** Part of the title or the number, any case. */
  text?: string | null | undefined;
  type?: TicketType | null | undefined;
};

/** P1 is the most urgent. */
export type TicketPriority =
  | 'P1'
  | 'P2'
  | 'P3'
  | 'P4'
  | 'P5';

/** How a ticket relates to another, seen from the ticket (A BLOCKS B is B BLOCKED_BY A). */
export type TicketRelationType =
  | 'BLOCKED_BY'
  | 'BLOCKS'
  | 'CHILD_OF'
  | 'DUPLICATED_BY'
  | 'DUPLICATES'
  | 'PARENT_OF'
  | 'RELATES_TO';

/** Impact and urgency share this scale; the priority matrix maps the pair to a priority. */
export type TicketSeverity =
  | 'CRITICAL'
  | 'HIGH'
  | 'LOW'
  | 'MEDIUM';

export type TicketSort = {
  direction?: TicketSortDirection | null | undefined;
  field: TicketSortField;
};

export type TicketSortDirection =
  | 'ASC'
  | 'DESC';

export type TicketSortField =
  | 'CREATED_AT'
  | 'NUMBER'
  | 'PRIORITY'
  | 'RESOLUTION_DUE_AT'
  | 'STATUS'
  | 'UPDATED_AT';

/** Where a workflow state stands, whatever the workflow names it. */
export type TicketStatusCategory =
  | 'CLOSED'
  | 'IN_PROGRESS'
  | 'NEW'
  | 'RESOLVED'
  | 'WAITING';

export type TicketType =
  | 'CHANGE'
  | 'INCIDENT'
  | 'PROBLEM'
  | 'SERVICE_REQUEST';

export type UpdateAuthProviderInput = {
  defaultRole?: Role | null | undefined;
  displayName?: string | null | undefined;
  enabled?: boolean | null | undefined;
  ldap?: LdapSettingsInput | null | undefined;
  name?: string | null | undefined;
  oidc?: OidcSettingsInput | null | undefined;
};

export type UpdateEnvironmentInput = {
  description?: string | null | undefined;
  name?: string | null | undefined;
  paths?: Array<string> | null | undefined;
};

export type UpdateGroupInput = {
  description?: string | null | undefined;
  name?: string | null | undefined;
};

/** Fields left out stay as they are. */
export type UpdatePermissionRuleInput = {
  action?: string | null | undefined;
  description?: string | null | undefined;
  effect?: PolicyEffect | null | undefined;
  environmentId?: string | number | null | undefined;
  resource?: string | null | undefined;
  subject?: string | null | undefined;
  subjectType?: PolicySubjectType | null | undefined;
};

/** Fields left out (or null) stay; an empty description or timeZone clears it. */
export type UpdateSlaDefinitionInput = {
  burnRates?: SlaBurnRatesInput | null | undefined;
  degradedCountsAsDown?: boolean | null | undefined;
  description?: string | null | undefined;
  name?: string | null | undefined;
  period?: SlaPeriod | null | undefined;
  raiseTicket?: boolean | null | undefined;
  targetPercent?: number | null | undefined;
  /** An empty string clears it. */
  ticketCatalogItem?: string | null | undefined;
  timeZone?: string | null | undefined;
};

/** Fields left out stay as they are; null clears a nullable field. dependencies replaces the declared list. */
export type UpdateServiceInput = {
  criticality?: string | null | undefined;
  dependencies?: Array<ServiceDependencyInput> | null | undefined;
  displayName?: string | null | undefined;
  metadata?: string | null | undefined;
  ownerId?: string | number | null | undefined;
  serviceType?: string | null | undefined;
  status?: ServiceStatus | null | undefined;
  statusMessage?: string | null | undefined;
  tags?: Array<string> | null | undefined;
  teamId?: string | number | null | undefined;
};

/** Fields left out stay as they are. A new impact or urgency re-prioritises the ticket and retargets its clocks. */
export type UpdateTicketInput = {
  description?: string | null | undefined;
  impact?: TicketSeverity | null | undefined;
  title?: string | null | undefined;
  urgency?: TicketSeverity | null | undefined;
};

export type UpdateUserInput = {
  active?: boolean | null | undefined;
  displayName?: string | null | undefined;
  email?: string | null | undefined;
  role?: Role | null | undefined;
  username?: string | null | undefined;
};

/** Fields left out stay; null clears secret, headers, filters and customPayloadTemplate. headers replaces the list: a header given without its value keeps the stored one, a header left out is removed. */
export type UpdateWebhookInput = {
  customPayloadTemplate?: string | null | undefined;
  events?: Array<string> | null | undefined;
  filters?: string | null | undefined;
  headers?: Array<WebhookHeaderInput> | null | undefined;
  method?: WebhookMethod | null | undefined;
  name?: string | null | undefined;
  retryBackoff?: WebhookRetryBackoff | null | undefined;
  retryDelayMs?: number | null | undefined;
  retryMax?: number | null | undefined;
  secret?: string | null | undefined;
  status?: WebhookStatus | null | undefined;
  timeoutMs?: number | null | undefined;
  url?: string | null | undefined;
};

export type UserFilter = {
  active?: boolean | null | undefined;
  groupId?: string | number | null | undefined;
  role?: Role | null | undefined;
  /** Part of the username, display name or email, any case. */
  search?: string | null | undefined;
};

export type WebhookExecutionFilter = {
  event?: string | null | undefined;
  eventId?: string | number | null | undefined;
  from?: string | null | undefined;
  status?: WebhookExecutionStatus | null | undefined;
  to?: string | null | undefined;
  webhookId?: string | number | null | undefined;
};

export type WebhookExecutionStatus =
  /** Refused before any connection (the outbound address validator, or a template whose output is too large); not retried. */
  | 'ExecFailed'
  /** A non-2xx answer, a time-out or a network error; retried while attempts remain. */
  | 'FAILED'
  /** The receiver answered 2xx. */
  | 'SUCCESS';

export type WebhookHeaderInput = {
  name: string;
  /** Required when creating. In updateWebhook, leave it out (or null) to keep the value stored under this name. */
  value?: string | null | undefined;
};

export type WebhookMethod =
  | 'PATCH'
  | 'POST'
  | 'PUT';

/** Wait before retry n: FIXED retryDelayMs; LINEAR retryDelayMs x n; EXPONENTIAL retryDelayMs x 2^(n-1); at most 24 h. */
export type WebhookRetryBackoff =
  | 'EXPONENTIAL'
  | 'FIXED'
  | 'LINEAR';

export type WebhookStatus =
  | 'ACTIVE'
  /** Set by the server after deliveries kept failing (see statusReason); sends nothing new until updated or successfully tested. */
  | 'ERROR'
  /** Sends nothing; deliveries waiting when it was set are cancelled. */
  | 'INACTIVE';

export type ShellPluginsQueryVariables = Exact<{ [key: string]: never; }>;


export type ShellPluginsQuery = { licenseInfo: { status: LicenseStatus, expiresAt: string | null, plugins: Array<{ name: string, licensed: boolean, enabled: boolean, active: boolean }> } };

export type ShellLicenceChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ShellLicenceChangedSubscription = { licenseUpdated: { at: string } };

export type RealtimeEntityViewersSubscriptionVariables = Exact<{
  entityType: string;
  entityId: string | number;
}>;


export type RealtimeEntityViewersSubscription = { entityViewersChanged: { entityType: string, entityId: string, viewers: Array<{ userId: string, username: string, since: string, editing: boolean }> } };

export type RealtimeEditLocksSubscriptionVariables = Exact<{
  entityType: string;
  entityId: string | number;
}>;


export type RealtimeEditLocksSubscription = { editLockChanged: { entityType: string, entityId: string, locks: Array<{ field: string, userId: string, username: string, acquiredAt: string, expiresAt: string }> } };

export type RealtimeAcquireEditLockMutationVariables = Exact<{
  entityType: string;
  entityId: string | number;
  field: string;
  ttlSeconds?: number | null | undefined;
}>;


export type RealtimeAcquireEditLockMutation = { acquireEditLock: { field: string, expiresAt: string } };

export type RealtimeRenewEditLockMutationVariables = Exact<{
  entityType: string;
  entityId: string | number;
  field: string;
  ttlSeconds?: number | null | undefined;
}>;


export type RealtimeRenewEditLockMutation = { renewEditLock: { field: string, expiresAt: string } };

export type RealtimeReleaseEditLockMutationVariables = Exact<{
  entityType: string;
  entityId: string | number;
  field: string;
}>;


export type RealtimeReleaseEditLockMutation = { releaseEditLock: boolean };

export type AdminAgentKeysQueryVariables = Exact<{
  includeRevoked?: boolean | null | undefined;
}>;


export type AdminAgentKeysQuery = { agentKeyEndpoints: Array<string>, agentKeys: Array<{ id: string, name: string, prefix: string, nodeId: string, endpoints: Array<string>, createdAt: string, lastUsedAt: string | null, revokedAt: string | null, requestBudget: { requestsPerSecond: number, burst: number } | null }> };

export type AdminCreateAgentKeyMutationVariables = Exact<{
  input: CreateAgentKeyInput;
}>;


export type AdminCreateAgentKeyMutation = { createAgentKey: { key: string, agentKey: { id: string, name: string } } };

export type AdminRevokeAgentKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminRevokeAgentKeyMutation = { revokeAgentKey: { id: string, revokedAt: string | null } };

export type AdminAuditEventsQueryVariables = Exact<{
  filter?: AuditFilter | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type AdminAuditEventsQuery = { auditEventCount: number, auditEvents: Array<{ id: string, at: string, kind: string, action: string, actor: string | null, sourceAddress: string | null, outcome: AuditOutcome, errorCode: string | null, errorMessage: string | null, detail: string | null }> };

export type AdminEnvironmentsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminEnvironmentsQuery = { environments: Array<{ id: string, name: string, description: string | null, paths: Array<string>, groups: Array<{ groupId: string, level: EnvironmentAccessLevel, group: { name: string } | null }> }>, groups: Array<{ id: string, name: string }> };

export type AdminCreateEnvironmentMutationVariables = Exact<{
  input: EnvironmentInput;
}>;


export type AdminCreateEnvironmentMutation = { createEnvironment: { id: string } };

export type AdminUpdateEnvironmentMutationVariables = Exact<{
  id: string | number;
  input: UpdateEnvironmentInput;
}>;


export type AdminUpdateEnvironmentMutation = { updateEnvironment: { id: string } };

export type AdminDeleteEnvironmentMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteEnvironmentMutation = { deleteEnvironment: boolean };

export type AdminSetEnvironmentAccessMutationVariables = Exact<{
  groupId: string | number;
  environmentId: string | number;
  level?: EnvironmentAccessLevel | null | undefined;
}>;


export type AdminSetEnvironmentAccessMutation = { setGroupEnvironmentAccess: { groupId: string, level: EnvironmentAccessLevel } | null };

export type AdminGroupsListQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type AdminGroupsListQuery = { groups: Array<{ id: string, name: string, description: string | null, memberCount: number }> };

export type AdminGroupDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminGroupDetailQuery = { group: { id: string, name: string, description: string | null, memberCount: number, members: Array<{ id: string, username: string, displayName: string | null, role: Role, active: boolean }> } | null };

export type AdminCreateGroupMutationVariables = Exact<{
  input: CreateGroupInput;
}>;


export type AdminCreateGroupMutation = { createGroup: { id: string, name: string } };

export type AdminUpdateGroupMutationVariables = Exact<{
  id: string | number;
  input: UpdateGroupInput;
}>;


export type AdminUpdateGroupMutation = { updateGroup: { id: string, name: string, description: string | null } };

export type AdminDeleteGroupMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteGroupMutation = { deleteGroup: boolean };

export type AdminAddGroupMemberMutationVariables = Exact<{
  groupId: string | number;
  userId: string | number;
}>;


export type AdminAddGroupMemberMutation = { addUserToGroup: { id: string, memberCount: number } };

export type AdminRemoveGroupMemberMutationVariables = Exact<{
  groupId: string | number;
  userId: string | number;
}>;


export type AdminRemoveGroupMemberMutation = { removeUserFromGroup: { id: string, memberCount: number } };

export type AdminLicenseInfoQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminLicenseInfoQuery = { licenseInfo: { status: LicenseStatus, licenseId: string | null, customer: string | null, issuedAt: string | null, expiresAt: string | null, activatedAt: string | null, plugins: Array<{ name: string, licensed: boolean, enabled: boolean, active: boolean }> } };

export type AdminTogglePluginMutationVariables = Exact<{
  name: string;
  enabled: boolean;
}>;


export type AdminTogglePluginMutation = { togglePlugin: { name: string, licensed: boolean, enabled: boolean, active: boolean } };

export type AdminLicenseUpdatedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AdminLicenseUpdatedSubscription = { licenseUpdated: { reason: string, customer: string | null, activePlugins: Array<string>, at: string } };

export type AdminProvidersListQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminProvidersListQuery = { authProviders: Array<{ id: string, type: AuthProviderType, name: string, displayName: string | null, enabled: boolean, defaultRole: Role, hasSecret: boolean, secretError: string | null, userCount: number, startUrl: string | null, updatedAt: string, ldap: { url: string, startTls: boolean, tlsVerify: boolean, hasTlsCa: boolean, bindDn: string | null, userBaseDn: string, userFilter: string, usernameAttribute: string, emailAttribute: string, nameAttribute: string, uniqueIdAttribute: string, groupMembership: LdapGroupMembership, groupBaseDn: string | null, groupFilter: string, groupMemberAttribute: string, connectTimeoutMs: number, timeoutMs: number } | null, oidc: { issuer: string, clientId: string, redirectUri: string, scopes: string, usernameClaim: string, emailClaim: string, nameClaim: string, groupsClaim: string, postLoginRedirectUri: string | null, allowInsecureHttp: boolean, timeoutMs: number } | null }> };

export type AdminCreateProviderMutationVariables = Exact<{
  input: CreateAuthProviderInput;
}>;


export type AdminCreateProviderMutation = { createAuthProvider: { id: string } };

export type AdminUpdateProviderMutationVariables = Exact<{
  id: string | number;
  input: UpdateAuthProviderInput;
}>;


export type AdminUpdateProviderMutation = { updateAuthProvider: { id: string } };

export type AdminProviderStatusMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type AdminProviderStatusMutation = { updateAuthProviderStatus: { id: string, enabled: boolean } };

export type AdminDeleteProviderMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteProviderMutation = { deleteAuthProvider: boolean };

export type AdminTestProviderMutationVariables = Exact<{
  id: string | number;
  username?: string | null | undefined;
}>;


export type AdminTestProviderMutation = { testAuthProvider: { success: boolean, failedStep: AuthProviderStep | null, message: string, steps: Array<{ step: AuthProviderStep, ok: boolean, message: string }> } };

export type AdminProviderDirectoryQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminProviderDirectoryQuery = { authProvider: { id: string, type: AuthProviderType, name: string, displayName: string | null } | null, ldapGroups: Array<{ id: string, dn: string, lastSyncedAt: string | null, group: { id: string, name: string, memberCount: number } }>, groupMappings: Array<{ id: string, externalGroup: string, role: Role | null, group: { id: string, name: string } | null }>, groups: Array<{ id: string, name: string }> };

export type AdminLinkLdapGroupMutationVariables = Exact<{
  input: CreateLdapGroupInput;
}>;


export type AdminLinkLdapGroupMutation = { createLDAPGroup: { id: string } };

export type AdminUnlinkLdapGroupMutationVariables = Exact<{
  id: string | number;
  deleteGroup?: boolean | null | undefined;
}>;


export type AdminUnlinkLdapGroupMutation = { deleteLDAPGroup: boolean };

export type AdminSyncLdapGroupsMutationVariables = Exact<{
  providerId?: string | number | null | undefined;
  ldapGroupId?: string | number | null | undefined;
}>;


export type AdminSyncLdapGroupsMutation = { syncLDAPGroups: Array<{ unresolved: Array<string>, ldapGroup: { id: string, dn: string }, added: Array<{ username: string }>, removed: Array<{ username: string }>, provisioned: Array<{ username: string }> }> };

export type AdminSetGroupMappingMutationVariables = Exact<{
  input: SetGroupMappingInput;
}>;


export type AdminSetGroupMappingMutation = { setGroupMapping: { id: string } };

export type AdminDeleteGroupMappingMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteGroupMappingMutation = { deleteGroupMapping: boolean };

export type AdminPermissionRulesQueryVariables = Exact<{
  subjectType?: PolicySubjectType | null | undefined;
  subject?: string | null | undefined;
  resource?: string | null | undefined;
}>;


export type AdminPermissionRulesQuery = { permissionRules: Array<{ id: string, subjectType: PolicySubjectType, subject: string, subjectName: string | null, resource: string, action: string, effect: PolicyEffect, description: string | null, environment: { id: string, name: string } | null }> };

export type AdminPermissionRuleChoicesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminPermissionRuleChoicesQuery = { policyResources: Array<{ resource: string, actions: Array<string> }>, groups: Array<{ id: string, name: string }>, environments: Array<{ id: string, name: string }> };

export type AdminAddPermissionRuleMutationVariables = Exact<{
  input: PermissionRuleInput;
}>;


export type AdminAddPermissionRuleMutation = { addPermissionRule: { id: string } };

export type AdminUpdatePermissionRuleMutationVariables = Exact<{
  id: string | number;
  input: UpdatePermissionRuleInput;
}>;


export type AdminUpdatePermissionRuleMutation = { updatePermissionRule: { id: string } };

export type AdminDeletePermissionRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeletePermissionRuleMutation = { deletePermissionRule: boolean };

export type AdminUsersListQueryVariables = Exact<{
  filter?: UserFilter | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type AdminUsersListQuery = { userCount: number, users: Array<{ id: string, username: string, displayName: string | null, email: string | null, role: Role, active: boolean, authSource: string, lastLoginAt: string | null }> };

export type AdminCreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type AdminCreateUserMutation = { createUser: { id: string, username: string } };

export type AdminUserDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminUserDetailQuery = { user: { id: string, username: string, displayName: string | null, email: string | null, role: Role, active: boolean, authSource: string, lastLoginAt: string | null, createdAt: string, groups: Array<{ id: string, name: string }> } | null };

export type AdminUpdateUserMutationVariables = Exact<{
  id: string | number;
  input: UpdateUserInput;
}>;


export type AdminUpdateUserMutation = { updateUser: { id: string, displayName: string | null, email: string | null, role: Role, active: boolean } };

export type AdminDeactivateUserMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeactivateUserMutation = { deactivateUser: { id: string, active: boolean } };

export type AdminDeleteUserMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteUserMutation = { deleteUser: boolean };

export type AdminResetPasswordMutationVariables = Exact<{
  userId: string | number;
}>;


export type AdminResetPasswordMutation = { resetPassword: { token: string, expiresAt: string } };

export type AdminUserPickerQueryVariables = Exact<{
  filter?: UserFilter | null | undefined;
}>;


export type AdminUserPickerQuery = { users: Array<{ id: string, username: string, displayName: string | null }> };

export type AdminWebhooksListQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminWebhooksListQuery = { webhooks: Array<{ id: string, name: string, url: string, events: Array<string>, status: WebhookStatus, statusReason: string | null, consecutiveFailures: number, pendingDeliveries: number }>, webhookStats: { deliveries: number, delivered: number, failed: number, pending: number, attempts: number, successes: number, failures: number, refused: number, averageDurationMs: number | null, lastSuccessAt: string | null, lastFailureAt: string | null, since: string } };

export type AdminWebhookEventTypesQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminWebhookEventTypesQuery = { webhookEventTypes: Array<string> };

export type AdminWebhookDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminWebhookDetailQuery = { webhook: { id: string, name: string, url: string, method: WebhookMethod, hasSecret: boolean, secretError: string | null, headersError: string | null, events: Array<string>, filters: string | null, customPayloadTemplate: string | null, timeoutMs: number, retryMax: number, retryDelayMs: number, retryBackoff: WebhookRetryBackoff, status: WebhookStatus, statusReason: string | null, statusChangedAt: string, consecutiveFailures: number, pendingDeliveries: number, createdAt: string, createdBy: string | null, headers: Array<{ name: string, hasValue: boolean }> } | null, webhookStats: { webhookId: string | null, deliveries: number, delivered: number, failed: number, pending: number, attempts: number, successes: number, failures: number, refused: number, averageDurationMs: number | null, lastSuccessAt: string | null, lastFailureAt: string | null, since: string } };

export type AdminWebhookExecutionsQueryVariables = Exact<{
  filter?: WebhookExecutionFilter | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type AdminWebhookExecutionsQuery = { webhookExecutionCount: number, webhookExecutions: Array<{ id: string, eventId: string, event: string, test: boolean, attempt: number, status: WebhookExecutionStatus, statusCode: number | null, durationMs: number, responseExcerpt: string | null, error: string | null, url: string | null, at: string }> };

export type AdminCreateWebhookMutationVariables = Exact<{
  input: CreateWebhookInput;
}>;


export type AdminCreateWebhookMutation = { createWebhook: { id: string, name: string } };

export type AdminUpdateWebhookMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookInput;
}>;


export type AdminUpdateWebhookMutation = { updateWebhook: { id: string, name: string, url: string, method: WebhookMethod, hasSecret: boolean, secretError: string | null, headersError: string | null, events: Array<string>, filters: string | null, customPayloadTemplate: string | null, timeoutMs: number, retryMax: number, retryDelayMs: number, retryBackoff: WebhookRetryBackoff, status: WebhookStatus, statusReason: string | null, statusChangedAt: string, headers: Array<{ name: string, hasValue: boolean }> } };

export type AdminDeleteWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteWebhookMutation = { deleteWebhook: boolean };

export type AdminTestWebhookMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminTestWebhookMutation = { testWebhook: { id: string, eventId: string, event: string, test: boolean, attempt: number, status: WebhookExecutionStatus, statusCode: number | null, durationMs: number, responseExcerpt: string | null, error: string | null, url: string | null, at: string } };

export type FleetRootNodesQueryVariables = Exact<{ [key: string]: never; }>;


export type FleetRootNodesQuery = { operationsRootNodes: Array<{ id: string, name: string, depth: number, childCount: number, statusSummary: { operational: number, degraded: number, down: number, maintenance: number, unknown: number, total: number, storageWarning: number, storageCritical: number } }> };

export type FleetNodeChildrenQueryVariables = Exact<{
  id: string | number;
  limit?: number | null | undefined;
}>;


export type FleetNodeChildrenQuery = { operationsNodeChildren: Array<{ id: string, name: string, depth: number, childCount: number, statusSummary: { operational: number, degraded: number, down: number, maintenance: number, unknown: number, total: number, storageWarning: number, storageCritical: number } }> };

export type FleetNodeSearchQueryVariables = Exact<{
  search: string;
  limit?: number | null | undefined;
}>;


export type FleetNodeSearchQuery = { operationsNodes: Array<{ id: string, serviceCount: number }> };

export type FleetServicePageQueryVariables = Exact<{
  filter?: ServiceFilter | null | undefined;
  sort?: ServiceSort | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type FleetServicePageQuery = { services: Array<{ id: string, name: string, displayName: string | null, status: ServiceStatus, statusMessage: string | null, nodeId: string, statusSince: string, updatedAt: string, storage: { status: string, freePercent: number } | null }> };

export type FleetServiceCountQueryVariables = Exact<{
  filter?: ServiceFilter | null | undefined;
}>;


export type FleetServiceCountQuery = { serviceCount: number };

export type FleetStatusChangesSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type FleetStatusChangesSubscription = { serviceStatusChanged: { serviceId: string, previousStatus: ServiceStatus, status: ServiceStatus, message: string | null, changedAt: string, service: { id: string, nodeId: string } | null } };

export type FleetSavedFiltersQueryVariables = Exact<{ [key: string]: never; }>;


export type FleetSavedFiltersQuery = { savedFilters: Array<{ id: string, name: string, filter: string, isOwn: boolean, isDefault: boolean, ownerUsername: string | null }> };

export type FleetCreateSavedFilterMutationVariables = Exact<{
  input: CreateSavedFilterInput;
}>;


export type FleetCreateSavedFilterMutation = { createSavedFilter: { id: string, name: string, filter: string, isOwn: boolean, isDefault: boolean, ownerUsername: string | null } };

export type FleetDeleteSavedFilterMutationVariables = Exact<{
  id: string | number;
}>;


export type FleetDeleteSavedFilterMutation = { deleteSavedFilter: boolean };

export type FleetSetDefaultFilterMutationVariables = Exact<{
  id?: string | number | null | undefined;
}>;


export type FleetSetDefaultFilterMutation = { setDefaultFilter: { id: string, isDefault: boolean } | null };

export type ServicesServicePageQueryVariables = Exact<{
  id: string | number;
}>;


export type ServicesServicePageQuery = { service: { id: string, name: string, displayName: string | null, nodeId: string, path: string, status: ServiceStatus, statusMessage: string | null, statusSince: string, criticality: string | null, serviceType: string | null, tags: Array<string>, namespace: string | null, slaGroup: string | null, replicas: number | null, readyReplicas: number | null, availableReplicas: number | null, images: Array<string>, workloadType: string | null, workloadName: string | null, lastOperatorSync: string | null, backupExpected: boolean, backupMaxAgeDays: number | null, lastBackupAt: string | null, lastBackupStatus: string | null, backupOverdue: boolean, updatedAt: string, owner: { id: string, username: string } | null, team: { id: string, name: string } | null, dependencies: Array<{ dependencyType: string, targetService: { id: string, name: string, path: string, status: ServiceStatus } }>, dependents: Array<{ dependencyType: string, sourceService: { id: string, name: string, path: string, status: ServiceStatus } }>, storage: { allocatedBytes: number, usedBytes: number, freePercent: number, status: string, storageType: string | null, mountPath: string | null, reportedAt: string } | null } | null };

export type ServicesStatusChangedSubscriptionVariables = Exact<{
  serviceId: string | number;
}>;


export type ServicesStatusChangedSubscription = { serviceStatusChanged: { serviceId: string, previousStatus: ServiceStatus, status: ServiceStatus, message: string | null, changedAt: string, origin: string } };

export type ServicesUpdateServiceMutationVariables = Exact<{
  id: string | number;
  input: UpdateServiceInput;
}>;


export type ServicesUpdateServiceMutation = { updateService: { id: string, displayName: string | null, criticality: string | null, serviceType: string | null, updatedAt: string } };

export type ServicesSlaTrendsQueryVariables = Exact<{
  serviceId: string | number;
}>;


export type ServicesSlaTrendsQuery = { slaSnapshotTrend: Array<{ periodKey: string, periodStart: string, actualValue: number | null, targetValue: number, incidentCount: number, downtimeMinutes: number, status: string }>, slaTrendData: Array<{ periodKey: string, periodStart: string, actualValue: number | null, status: string }> };

export type ServicesSlaDefinitionsQueryVariables = Exact<{ [key: string]: never; }>;


export type ServicesSlaDefinitionsQuery = { slaDefinitions: Array<{ id: string, name: string, targetPercent: number, period: SlaPeriod, assignments: Array<{ id: string, slaGroup: string | null, service: { id: string } | null }> }> };

export type ServicesSlaCurrentPeriodQueryVariables = Exact<{
  slaDefinitionId: string | number;
}>;


export type ServicesSlaCurrentPeriodQuery = { slaPeriodResults: Array<{ periodKey: string, services: Array<{ serviceId: string, targetValue: number, actualValue: number | null, coveragePercent: number | null, errorBudgetRemainingMinutes: number, downtimeMinutes: number, status: string }> }> };

export type ServicesOpenIncidentsQueryVariables = Exact<{
  serviceId: string | number;
}>;


export type ServicesOpenIncidentsQuery = { slaIncidents: Array<{ id: string, title: string, severity: SlaIncidentSeverity, source: SlaIncidentSource, startedAt: string }> };

export type ServicesMaintenanceWindowsQueryVariables = Exact<{
  serviceId: string | number;
}>;


export type ServicesMaintenanceWindowsQuery = { slaExclusionWindows: Array<{ id: string, reason: string | null, startedAt: string, expectedEndAt: string | null, endedAt: string | null, endedBy: ExclusionWindowEnd | null, active: boolean, createdVia: ExclusionWindowActor, createdBy: { id: string, username: string } | null, endedByUser: { id: string, username: string } | null }> };

export type ServicesStartMaintenanceMutationVariables = Exact<{
  input: CreateExclusionWindowInput;
}>;


export type ServicesStartMaintenanceMutation = { createExclusionWindow: { id: string, active: boolean } };

export type ServicesStopMaintenanceMutationVariables = Exact<{
  id: string | number;
}>;


export type ServicesStopMaintenanceMutation = { stopExclusionWindow: { id: string, active: boolean, endedAt: string | null } };

export type SlaLiveEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SlaLiveEventsSubscription = { entityEvents: { event: string, entityId: string, at: string, data: string } };

export type SlaTrendQueryVariables = Exact<{
  filter: SlaTrendFilter;
}>;


export type SlaTrendQuery = { slaTrendData: Array<{ periodKey: string, periodStart: string, actualValue: number | null, status: string }> };

export type SlaServiceSearchQueryVariables = Exact<{
  search: string;
}>;


export type SlaServiceSearchQuery = { services: Array<{ id: string, name: string, path: string }> };

export type SlaOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type SlaOverviewQuery = { openAlertCount: number, openIncidentCount: number, slaDashboardStats: { totalServices: number, servicesWithSla: number, metCount: number, atRiskCount: number, breachedCount: number, averageUptime: number }, slaAlerts: Array<{ id: string, kind: SlaAlertKind, status: SlaAlertStatus, message: string, raisedAt: string, service: { id: string, name: string } | null }>, slaIncidents: Array<{ id: string, title: string, severity: SlaIncidentSeverity, startedAt: string, service: { id: string, name: string } | null }> };

export type SlaIncidentsListQueryVariables = Exact<{
  filter?: SlaIncidentFilter | null | undefined;
  limit?: number | null | undefined;
}>;


export type SlaIncidentsListQuery = { slaIncidentCount: number, slaIncidents: Array<{ id: string, title: string, severity: SlaIncidentSeverity, source: SlaIncidentSource, open: boolean, startedAt: string, endedAt: string | null, serviceId: string, service: { id: string, name: string } | null }> };

export type SlaIncidentPageQueryVariables = Exact<{
  id: string | number;
}>;


export type SlaIncidentPageQuery = { slaIncident: { id: string, title: string, description: string | null, severity: SlaIncidentSeverity, source: SlaIncidentSource, open: boolean, startedAt: string, endedAt: string | null, resolution: string | null, serviceId: string, service: { id: string, name: string } | null, definitions: Array<{ id: string, name: string }> } | null };

export type SlaIncidentTicketQueryVariables = Exact<{
  id: string | number;
}>;


export type SlaIncidentTicketQuery = { slaIncident: { id: string, ticket: { id: string, number: string, status: string } | null } | null };

export type SlaGroupsListQueryVariables = Exact<{ [key: string]: never; }>;


export type SlaGroupsListQuery = { slaGroups: Array<{ id: string, name: string, displayName: string | null, tier: string | null, status: string, currentUptime: number | null, targets: { uptime: number | null } | null, targetOverrides: { uptime: number | null } | null, services: Array<{ serviceName: string, status: ServiceStatus, backupStatus: { backupOverdue: boolean } }> }> };

export type SlaGroupPageQueryVariables = Exact<{
  name: string;
}>;


export type SlaGroupPageQuery = { slaGroup: { id: string, name: string, displayName: string | null, tier: string | null, status: string, currentUptime: number | null, updatedAt: string, targets: { uptime: number | null } | null, targetOverrides: { uptime: number | null } | null, definitions: Array<{ id: string, name: string, targetPercent: number, period: SlaPeriod }>, services: Array<{ serviceId: string, serviceName: string, status: ServiceStatus, replicas: number | null, readyReplicas: number | null, backupStatus: { backupExpected: boolean, lastBackupAt: string | null, lastBackupStatus: string | null, backupMaxAgeDays: number | null, backupOverdue: boolean } }> } | null };

export type SlaGroupOverrideMutationVariables = Exact<{
  group: string;
  uptime?: number | null | undefined;
}>;


export type SlaGroupOverrideMutation = { setSLAGroupTargetOverride: { id: string, targets: { uptime: number | null } | null, targetOverrides: { uptime: number | null } | null } };

export type SlaEventLogListQueryVariables = Exact<{
  filter?: SlaEventLogFilter | null | undefined;
  limit?: number | null | undefined;
}>;


export type SlaEventLogListQuery = { slaEventLogCount: number, slaEventLog: Array<{ id: string, at: string, kind: SlaEventKind, origin: string, definitionId: string | null, serviceId: string | null, slaGroup: string | null, incidentId: string | null, alertId: string | null, data: string, actor: { username: string } | null }> };

export type SlaDefinitionsListQueryVariables = Exact<{ [key: string]: never; }>;


export type SlaDefinitionsListQuery = { slaDefinitions: Array<{ id: string, name: string, description: string | null, targetPercent: number, period: SlaPeriod, degradedCountsAsDown: boolean, timeZone: string | null, updatedAt: string, targets: Array<{ id: string }>, assignments: Array<{ id: string, slaGroup: string | null, service: { id: string, name: string } | null }> }> };

export type SlaDefinitionPageQueryVariables = Exact<{
  id: string | number;
}>;


export type SlaDefinitionPageQuery = { slaDefinition: { id: string, name: string, description: string | null, targetPercent: number, period: SlaPeriod, degradedCountsAsDown: boolean, timeZone: string | null, raiseTicket: boolean, ticketCatalogItem: string | null, updatedAt: string, burnRates: { fast: { threshold: number, longWindowMinutes: number, shortWindowMinutes: number }, slow: { threshold: number, longWindowMinutes: number, shortWindowMinutes: number } }, targets: Array<{ id: string, scope: SlaTargetScope, scopeValue: string, targetPercent: number }>, assignments: Array<{ id: string, slaGroup: string | null, service: { id: string, name: string } | null }> } | null };

export type SlaDeleteDefinitionMutationVariables = Exact<{
  id: string | number;
}>;


export type SlaDeleteDefinitionMutation = { deleteSLADefinition: boolean };

export type SlaDefinitionPeriodsQueryVariables = Exact<{
  id: string | number;
}>;


export type SlaDefinitionPeriodsQuery = { slaPeriodResults: Array<{ periodKey: string, final: boolean, serviceCount: number, targetValue: number, actualValue: number | null, coveragePercent: number | null, downtimeMinutes: number, errorBudgetMinutes: number, errorBudgetUsedMinutes: number, errorBudgetRemainingMinutes: number, burnRate: number | null, incidentCount: number, mttrMinutes: number | null, status: string, services: Array<{ serviceId: string, targetValue: number, actualValue: number | null, coveragePercent: number | null, downtimeMinutes: number, errorBudgetMinutes: number, errorBudgetUsedMinutes: number, errorBudgetRemainingMinutes: number, burnRate: number | null, incidentCount: number, mttrMinutes: number | null, status: string, service: { name: string } | null }> }> };

export type SlaCreateDefinitionMutationVariables = Exact<{
  input: CreateSlaDefinitionInput;
}>;


export type SlaCreateDefinitionMutation = { createSLADefinition: { id: string, name: string } };

export type SlaDefinitionToEditQueryVariables = Exact<{
  id: string | number;
}>;


export type SlaDefinitionToEditQuery = { slaDefinition: { id: string, name: string, description: string | null, targetPercent: number, period: SlaPeriod, degradedCountsAsDown: boolean, timeZone: string | null, raiseTicket: boolean, ticketCatalogItem: string | null, updatedAt: string, burnRates: { fast: { threshold: number, longWindowMinutes: number, shortWindowMinutes: number }, slow: { threshold: number, longWindowMinutes: number, shortWindowMinutes: number } } } | null };

export type SlaUpdateDefinitionMutationVariables = Exact<{
  id: string | number;
  input: UpdateSlaDefinitionInput;
}>;


export type SlaUpdateDefinitionMutation = { updateSLADefinition: { id: string, name: string, description: string | null, targetPercent: number, period: SlaPeriod, degradedCountsAsDown: boolean, timeZone: string | null, raiseTicket: boolean, ticketCatalogItem: string | null, updatedAt: string, burnRates: { fast: { threshold: number, longWindowMinutes: number, shortWindowMinutes: number }, slow: { threshold: number, longWindowMinutes: number, shortWindowMinutes: number } } } };

export type SlaGroupNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type SlaGroupNamesQuery = { slaGroups: Array<{ id: string, name: string, displayName: string | null, tier: string | null }> };

export type SlaSetTargetMutationVariables = Exact<{
  input: CreateSlaTargetInput;
}>;


export type SlaSetTargetMutation = { createSLATarget: { id: string, scope: SlaTargetScope, scopeValue: string, targetPercent: number } };

export type SlaDeleteTargetMutationVariables = Exact<{
  id: string | number;
}>;


export type SlaDeleteTargetMutation = { deleteSLATarget: boolean };

export type SlaAssignMutationVariables = Exact<{
  input: AssignSlaInput;
}>;


export type SlaAssignMutation = { assignSLAToService: { id: string } };

export type SlaUnassignMutationVariables = Exact<{
  id: string | number;
}>;


export type SlaUnassignMutation = { unassignSLA: boolean };

export type SlaDailyReportPageQueryVariables = Exact<{
  day?: string | null | undefined;
}>;


export type SlaDailyReportPageQuery = { slaDailyReport: { day: string, generatedAt: string, trigger: string, slaCount: number, metCount: number, atRiskCount: number, breachedCount: number, noDataCount: number, csv: string, rows: Array<{ slaId: string, slaName: string, targetPercent: number, periodType: string, periodKey: string, serviceCount: number, status: string, actualValue: number | null, downtimeMinutes: number, errorBudgetRemainingMinutes: number, burnRate: number | null, incidentCount: number }> } | null, slaDailyReports: Array<{ day: string, generatedAt: string, trigger: string, slaCount: number, breachedCount: number }> };

export type SlaGenerateDailyReportMutationVariables = Exact<{ [key: string]: never; }>;


export type SlaGenerateDailyReportMutation = { generateSLADailyReport: { day: string, generatedAt: string } };

export type SlaAlertsListQueryVariables = Exact<{
  filter?: SlaAlertFilter | null | undefined;
  limit?: number | null | undefined;
}>;


export type SlaAlertsListQuery = { slaAlertCount: number, slaAlerts: Array<{ id: string, kind: SlaAlertKind, status: SlaAlertStatus, message: string, serviceId: string | null, definitionId: string | null, slaGroup: string | null, raisedAt: string, acknowledgedAt: string | null, resolvedAt: string | null, service: { id: string, name: string } | null, definition: { id: string, name: string } | null, acknowledgedBy: { username: string } | null }> };

export type SlaAcknowledgeAlertMutationVariables = Exact<{
  id: string | number;
}>;


export type SlaAcknowledgeAlertMutation = { acknowledgeSLAAlert: { id: string, status: SlaAlertStatus, acknowledgedAt: string | null, acknowledgedBy: { username: string } | null } };

export type TicketsEntityEventsSubscriptionVariables = Exact<{
  entityId: string | number;
}>;


export type TicketsEntityEventsSubscription = { entityEvents: { event: string, entityId: string, at: string } };

export type TicketsNotificationsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type TicketsNotificationsSubscription = { notificationReceived: { notification: { id: string, type: string, entityType: string | null, entityId: string | null } } };

export type TicketsUserSearchQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type TicketsUserSearchQuery = { users: Array<{ id: string, username: string, displayName: string | null }> };

export type TicketsServiceSearchQueryVariables = Exact<{
  search?: string | null | undefined;
}>;


export type TicketsServiceSearchQuery = { services: Array<{ id: string, name: string, displayName: string | null, nodeId: string }> };

export type TicketsWorklogQueryVariables = Exact<{
  ticketId: string | number;
}>;


export type TicketsWorklogQuery = { ticketWorklog: { totalMinutes: number, count: number, entries: Array<{ id: string, authorId: string, minutes: number, note: string | null, workedAt: string, author: { id: string, username: string, displayName: string | null } | null }> } };

export type TicketsLogWorkMutationVariables = Exact<{
  ticketId: string | number;
  minutes: number;
  note?: string | null | undefined;
}>;


export type TicketsLogWorkMutation = { logTicketWork: { id: string, minutes: number } };

export type TicketsDeleteWorkMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsDeleteWorkMutation = { deleteTicketWorklog: boolean };

export type TicketsWatchersQueryVariables = Exact<{
  ticketId: string | number;
}>;


export type TicketsWatchersQuery = { ticketWatchers: Array<{ userId: string, since: string, user: { id: string, username: string, displayName: string | null } | null }> };

export type TicketsWatchMutationVariables = Exact<{
  ticketId: string | number;
  userId?: string | number | null | undefined;
}>;


export type TicketsWatchMutation = { watchTicket: { userId: string } };

export type TicketsUnwatchMutationVariables = Exact<{
  ticketId: string | number;
  userId?: string | number | null | undefined;
}>;


export type TicketsUnwatchMutation = { unwatchTicket: boolean };

export type TicketsTicketPageQueryVariables = Exact<{
  id: string | number;
}>;


export type TicketsTicketPageQuery = { ticket: { id: string, number: string, title: string, description: string | null, type: TicketType, status: string, statusCategory: TicketStatusCategory, workflowName: string, availableTransitions: Array<string>, impact: TicketSeverity, urgency: TicketSeverity, priority: TicketPriority, catalogItemName: string | null, requesterId: string, assigneeId: string | null, responseDueAt: string | null, resolutionDueAt: string | null, minutesUntilDue: number | null, slaPaused: boolean, responseBreached: boolean, resolutionBreached: boolean, respondedAt: string | null, resolvedAt: string | null, createdAt: string, updatedAt: string, deletedAt: string | null, service: { id: string, name: string, displayName: string | null } | null, requester: { id: string, username: string, displayName: string | null } | null, assignee: { id: string, username: string, displayName: string | null } | null, group: { id: string, name: string } | null } | null, availableWorkflows: Array<{ name: string, states: Array<{ name: string, category: TicketStatusCategory }>, transitions: Array<{ name: string, to: string }> }> };

export type TicketsListQueryVariables = Exact<{
  filter?: TicketFilter | null | undefined;
  sort?: TicketSort | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type TicketsListQuery = { ticketCount: number, tickets: Array<{ id: string, number: string, title: string, type: TicketType, status: string, statusCategory: TicketStatusCategory, priority: TicketPriority, minutesUntilDue: number | null, slaPaused: boolean, responseBreached: boolean, resolutionBreached: boolean, respondedAt: string | null, updatedAt: string, assignee: { id: string, username: string, displayName: string | null } | null, group: { id: string, name: string } | null }> };

export type TicketsMineQueryVariables = Exact<{
  filter?: TicketFilter | null | undefined;
  sort?: TicketSort | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type TicketsMineQuery = { myTickets: Array<{ id: string, number: string, title: string, type: TicketType, status: string, statusCategory: TicketStatusCategory, priority: TicketPriority, minutesUntilDue: number | null, slaPaused: boolean, responseBreached: boolean, resolutionBreached: boolean, respondedAt: string | null, updatedAt: string, assignee: { id: string, username: string, displayName: string | null } | null, group: { id: string, name: string } | null }> };

export type TicketsGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type TicketsGroupsQuery = { availableGroups: Array<{ id: string, name: string }> };

export type TicketsUpdateMutationVariables = Exact<{
  id: string | number;
  input: UpdateTicketInput;
}>;


export type TicketsUpdateMutation = { updateTicket: { id: string, title: string, description: string | null, impact: TicketSeverity, urgency: TicketSeverity, priority: TicketPriority, minutesUntilDue: number | null, responseDueAt: string | null, resolutionDueAt: string | null, updatedAt: string } };

export type TicketsByNumberQueryVariables = Exact<{
  number: string;
}>;


export type TicketsByNumberQuery = { ticketByNumber: { id: string } | null };

export type TicketsTransitionMutationVariables = Exact<{
  id: string | number;
  transition: string;
}>;


export type TicketsTransitionMutation = { transitionTicket: { id: string, status: string, statusCategory: TicketStatusCategory, availableTransitions: Array<string>, slaPaused: boolean, updatedAt: string } };

export type TicketsResolveMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsResolveMutation = { resolveTicket: { id: string, status: string, statusCategory: TicketStatusCategory, availableTransitions: Array<string>, slaPaused: boolean, updatedAt: string } };

export type TicketsCloseMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsCloseMutation = { closeTicket: { id: string, status: string, statusCategory: TicketStatusCategory, availableTransitions: Array<string>, slaPaused: boolean, updatedAt: string } };

export type TicketsReopenMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsReopenMutation = { reopenTicket: { id: string, status: string, statusCategory: TicketStatusCategory, availableTransitions: Array<string>, slaPaused: boolean, updatedAt: string } };

export type TicketsPauseSlaMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsPauseSlaMutation = { pauseTicketSLA: { id: string, slaPaused: boolean, minutesUntilDue: number | null, updatedAt: string } };

export type TicketsResumeSlaMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsResumeSlaMutation = { resumeTicketSLA: { id: string, slaPaused: boolean, minutesUntilDue: number | null, updatedAt: string } };

export type TicketsDeleteMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsDeleteMutation = { deleteTicket: boolean };

export type TicketsRestoreMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsRestoreMutation = { restoreTicket: { id: string, deletedAt: string | null, updatedAt: string } };

export type TicketsRelationsQueryVariables = Exact<{
  ticketId: string | number;
}>;


export type TicketsRelationsQuery = { ticketRelations: Array<{ id: string, type: TicketRelationType, relatedTicketId: string, relatedTicket: { id: string, number: string, title: string, status: string } | null }> };

export type TicketsRelationTargetQueryVariables = Exact<{
  number: string;
}>;


export type TicketsRelationTargetQuery = { ticketByNumber: { id: string, number: string } | null };

export type TicketsLinkMutationVariables = Exact<{
  sourceId: string | number;
  targetId: string | number;
  type: TicketRelationType;
}>;


export type TicketsLinkMutation = { linkTickets: { id: string } };

export type TicketsUnlinkMutationVariables = Exact<{
  sourceId: string | number;
  targetId: string | number;
}>;


export type TicketsUnlinkMutation = { unlinkTickets: boolean };

export type TicketsCatalogQueryVariables = Exact<{ [key: string]: never; }>;


export type TicketsCatalogQuery = { availableCatalogCategories: Array<{ name: string, description: string | null, itemCount: number }>, availableCatalogItems: Array<{ name: string, categoryName: string, description: string | null, ticketType: TicketType, workflowName: string | null, group: { id: string, name: string } | null }> };

export type TicketsCreateMutationVariables = Exact<{
  input: CreateTicketInput;
}>;


export type TicketsCreateMutation = { createTicket: { id: string, number: string } };

export type TicketsStatusHistoryQueryVariables = Exact<{
  ticketId: string | number;
}>;


export type TicketsStatusHistoryQuery = { ticketStatusHistory: Array<{ id: string, fromStatus: string | null, toStatus: string, transition: string | null, at: string, actor: { id: string, username: string, displayName: string | null } | null }> };

export type TicketsCommentsQueryVariables = Exact<{
  ticketId: string | number;
}>;


export type TicketsCommentsQuery = { ticketComments: { total: number, comments: Array<{ id: string, authorId: string | null, system: boolean, body: string, createdAt: string, editedAt: string | null, author: { id: string, username: string, displayName: string | null } | null }> } };

export type TicketsAddCommentMutationVariables = Exact<{
  ticketId: string | number;
  body: string;
}>;


export type TicketsAddCommentMutation = { addTicketComment: { id: string, body: string } };

export type TicketsEditCommentMutationVariables = Exact<{
  id: string | number;
  body: string;
}>;


export type TicketsEditCommentMutation = { editTicketComment: { id: string, body: string, editedAt: string | null } };

export type TicketsDeleteCommentMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsDeleteCommentMutation = { deleteTicketComment: boolean };

export type TicketsAttachmentsQueryVariables = Exact<{
  ticketId: string | number;
}>;


export type TicketsAttachmentsQuery = { ticketAttachments: Array<{ id: string, fileName: string, contentType: string, size: number, createdAt: string, downloadUrl: string, uploadedBy: { id: string, username: string, displayName: string | null } | null }> };

export type TicketsDeleteAttachmentMutationVariables = Exact<{
  id: string | number;
}>;


export type TicketsDeleteAttachmentMutation = { deleteTicketAttachment: boolean };

export type TicketsAssignGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type TicketsAssignGroupsQuery = { availableGroups: Array<{ id: string, name: string }> };

export type TicketsAssignMutationVariables = Exact<{
  id: string | number;
  assigneeId?: string | number | null | undefined;
  groupId?: string | number | null | undefined;
}>;


export type TicketsAssignMutation = { assignTicket: { id: string, assigneeId: string | null, groupId: string | null, updatedAt: string, assignee: { id: string, username: string, displayName: string | null } | null, group: { id: string, name: string } | null } };


export const ShellPluginsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShellPlugins"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"licenseInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"plugins"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"licensed"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]}}]} as unknown as DocumentNode<ShellPluginsQuery, ShellPluginsQueryVariables>;
export const ShellLicenceChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ShellLicenceChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"licenseUpdated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<ShellLicenceChangedSubscription, ShellLicenceChangedSubscriptionVariables>;
export const RealtimeEntityViewersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"RealtimeEntityViewers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityViewersChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"viewers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"editing"}}]}}]}}]}}]} as unknown as DocumentNode<RealtimeEntityViewersSubscription, RealtimeEntityViewersSubscriptionVariables>;
export const RealtimeEditLocksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"RealtimeEditLocks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"editLockChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"locks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"acquiredAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]}}]} as unknown as DocumentNode<RealtimeEditLocksSubscription, RealtimeEditLocksSubscriptionVariables>;
export const RealtimeAcquireEditLockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RealtimeAcquireEditLock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"field"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ttlSeconds"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acquireEditLock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}},{"kind":"Argument","name":{"kind":"Name","value":"field"},"value":{"kind":"Variable","name":{"kind":"Name","value":"field"}}},{"kind":"Argument","name":{"kind":"Name","value":"ttlSeconds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ttlSeconds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<RealtimeAcquireEditLockMutation, RealtimeAcquireEditLockMutationVariables>;
export const RealtimeRenewEditLockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RealtimeRenewEditLock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"field"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ttlSeconds"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renewEditLock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}},{"kind":"Argument","name":{"kind":"Name","value":"field"},"value":{"kind":"Variable","name":{"kind":"Name","value":"field"}}},{"kind":"Argument","name":{"kind":"Name","value":"ttlSeconds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ttlSeconds"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<RealtimeRenewEditLockMutation, RealtimeRenewEditLockMutationVariables>;
export const RealtimeReleaseEditLockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RealtimeReleaseEditLock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"field"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"releaseEditLock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}},{"kind":"Argument","name":{"kind":"Name","value":"field"},"value":{"kind":"Variable","name":{"kind":"Name","value":"field"}}}]}]}}]} as unknown as DocumentNode<RealtimeReleaseEditLockMutation, RealtimeReleaseEditLockMutationVariables>;
export const AdminAgentKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminAgentKeys"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeRevoked"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agentKeys"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeRevoked"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeRevoked"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"endpoints"}},{"kind":"Field","name":{"kind":"Name","value":"requestBudget"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestsPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"burst"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"agentKeyEndpoints"}}]}}]} as unknown as DocumentNode<AdminAgentKeysQuery, AdminAgentKeysQueryVariables>;
export const AdminCreateAgentKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateAgentKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAgentKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAgentKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"agentKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<AdminCreateAgentKeyMutation, AdminCreateAgentKeyMutationVariables>;
export const AdminRevokeAgentKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminRevokeAgentKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeAgentKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]} as unknown as DocumentNode<AdminRevokeAgentKeyMutation, AdminRevokeAgentKeyMutationVariables>;
export const AdminAuditEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminAuditEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AuditFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"actor"}},{"kind":"Field","name":{"kind":"Name","value":"sourceAddress"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"errorCode"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"detail"}}]}},{"kind":"Field","name":{"kind":"Name","value":"auditEventCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<AdminAuditEventsQuery, AdminAuditEventsQueryVariables>;
export const AdminEnvironmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminEnvironments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"environments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"paths"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupId"}},{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AdminEnvironmentsQuery, AdminEnvironmentsQueryVariables>;
export const AdminCreateEnvironmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateEnvironment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EnvironmentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createEnvironment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminCreateEnvironmentMutation, AdminCreateEnvironmentMutationVariables>;
export const AdminUpdateEnvironmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateEnvironment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateEnvironmentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateEnvironment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateEnvironmentMutation, AdminUpdateEnvironmentMutationVariables>;
export const AdminDeleteEnvironmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteEnvironment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteEnvironment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteEnvironmentMutation, AdminDeleteEnvironmentMutationVariables>;
export const AdminSetEnvironmentAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSetEnvironmentAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"environmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"level"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EnvironmentAccessLevel"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setGroupEnvironmentAccess"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}},{"kind":"Argument","name":{"kind":"Name","value":"environmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"environmentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"level"},"value":{"kind":"Variable","name":{"kind":"Name","value":"level"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groupId"}},{"kind":"Field","name":{"kind":"Name","value":"level"}}]}}]}}]} as unknown as DocumentNode<AdminSetEnvironmentAccessMutation, AdminSetEnvironmentAccessMutationVariables>;
export const AdminGroupsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminGroupsList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"groups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}}]}}]}}]} as unknown as DocumentNode<AdminGroupsListQuery, AdminGroupsListQueryVariables>;
export const AdminGroupDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminGroupDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"group"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}},{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]}}]} as unknown as DocumentNode<AdminGroupDetailQuery, AdminGroupDetailQueryVariables>;
export const AdminCreateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AdminCreateGroupMutation, AdminCreateGroupMutationVariables>;
export const AdminUpdateGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateGroupMutation, AdminUpdateGroupMutationVariables>;
export const AdminDeleteGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteGroupMutation, AdminDeleteGroupMutationVariables>;
export const AdminAddGroupMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminAddGroupMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addUserToGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}},{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}}]}}]}}]} as unknown as DocumentNode<AdminAddGroupMemberMutation, AdminAddGroupMemberMutationVariables>;
export const AdminRemoveGroupMemberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminRemoveGroupMember"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeUserFromGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}},{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}}]}}]}}]} as unknown as DocumentNode<AdminRemoveGroupMemberMutation, AdminRemoveGroupMemberMutationVariables>;
export const AdminLicenseInfoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminLicenseInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"licenseInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"licenseId"}},{"kind":"Field","name":{"kind":"Name","value":"customer"}},{"kind":"Field","name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"activatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"plugins"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"licensed"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]}}]} as unknown as DocumentNode<AdminLicenseInfoQuery, AdminLicenseInfoQueryVariables>;
export const AdminTogglePluginDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTogglePlugin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"togglePlugin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"enabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"licensed"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<AdminTogglePluginMutation, AdminTogglePluginMutationVariables>;
export const AdminLicenseUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AdminLicenseUpdated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"licenseUpdated"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"customer"}},{"kind":"Field","name":{"kind":"Name","value":"activePlugins"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<AdminLicenseUpdatedSubscription, AdminLicenseUpdatedSubscriptionVariables>;
export const AdminProvidersListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminProvidersList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"authProviders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"defaultRole"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"secretError"}},{"kind":"Field","name":{"kind":"Name","value":"userCount"}},{"kind":"Field","name":{"kind":"Name","value":"startUrl"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"ldap"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"startTls"}},{"kind":"Field","name":{"kind":"Name","value":"tlsVerify"}},{"kind":"Field","name":{"kind":"Name","value":"hasTlsCa"}},{"kind":"Field","name":{"kind":"Name","value":"bindDn"}},{"kind":"Field","name":{"kind":"Name","value":"userBaseDn"}},{"kind":"Field","name":{"kind":"Name","value":"userFilter"}},{"kind":"Field","name":{"kind":"Name","value":"usernameAttribute"}},{"kind":"Field","name":{"kind":"Name","value":"emailAttribute"}},{"kind":"Field","name":{"kind":"Name","value":"nameAttribute"}},{"kind":"Field","name":{"kind":"Name","value":"uniqueIdAttribute"}},{"kind":"Field","name":{"kind":"Name","value":"groupMembership"}},{"kind":"Field","name":{"kind":"Name","value":"groupBaseDn"}},{"kind":"Field","name":{"kind":"Name","value":"groupFilter"}},{"kind":"Field","name":{"kind":"Name","value":"groupMemberAttribute"}},{"kind":"Field","name":{"kind":"Name","value":"connectTimeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}}]}},{"kind":"Field","name":{"kind":"Name","value":"oidc"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"redirectUri"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"usernameClaim"}},{"kind":"Field","name":{"kind":"Name","value":"emailClaim"}},{"kind":"Field","name":{"kind":"Name","value":"nameClaim"}},{"kind":"Field","name":{"kind":"Name","value":"groupsClaim"}},{"kind":"Field","name":{"kind":"Name","value":"postLoginRedirectUri"}},{"kind":"Field","name":{"kind":"Name","value":"allowInsecureHttp"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}}]}}]}}]}}]} as unknown as DocumentNode<AdminProvidersListQuery, AdminProvidersListQueryVariables>;
export const AdminCreateProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateAuthProviderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createAuthProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminCreateProviderMutation, AdminCreateProviderMutationVariables>;
export const AdminUpdateProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateAuthProviderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateAuthProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateProviderMutation, AdminUpdateProviderMutationVariables>;
export const AdminProviderStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminProviderStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateAuthProviderStatus"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"enabled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"enabled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}}]}}]}}]} as unknown as DocumentNode<AdminProviderStatusMutation, AdminProviderStatusMutationVariables>;
export const AdminDeleteProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteAuthProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteProviderMutation, AdminDeleteProviderMutationVariables>;
export const AdminTestProviderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestProvider"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"username"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testAuthProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"username"},"value":{"kind":"Variable","name":{"kind":"Name","value":"username"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"failedStep"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"steps"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"step"}},{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestProviderMutation, AdminTestProviderMutationVariables>;
export const AdminProviderDirectoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminProviderDirectory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"authProvider"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ldapGroups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"providerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"dn"}},{"kind":"Field","name":{"kind":"Name","value":"lastSyncedAt"}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"memberCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"groupMappings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"providerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"externalGroup"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AdminProviderDirectoryQuery, AdminProviderDirectoryQueryVariables>;
export const AdminLinkLdapGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminLinkLdapGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateLDAPGroupInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createLDAPGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminLinkLdapGroupMutation, AdminLinkLdapGroupMutationVariables>;
export const AdminUnlinkLdapGroupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUnlinkLdapGroup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"deleteGroup"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteLDAPGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"deleteGroup"},"value":{"kind":"Variable","name":{"kind":"Name","value":"deleteGroup"}}}]}]}}]} as unknown as DocumentNode<AdminUnlinkLdapGroupMutation, AdminUnlinkLdapGroupMutationVariables>;
export const AdminSyncLdapGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSyncLdapGroups"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ldapGroupId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"syncLDAPGroups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"providerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"providerId"}}},{"kind":"Argument","name":{"kind":"Name","value":"ldapGroupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ldapGroupId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ldapGroup"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"dn"}}]}},{"kind":"Field","name":{"kind":"Name","value":"added"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"removed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"provisioned"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"unresolved"}}]}}]}}]} as unknown as DocumentNode<AdminSyncLdapGroupsMutation, AdminSyncLdapGroupsMutationVariables>;
export const AdminSetGroupMappingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminSetGroupMapping"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SetGroupMappingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setGroupMapping"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminSetGroupMappingMutation, AdminSetGroupMappingMutationVariables>;
export const AdminDeleteGroupMappingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteGroupMapping"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteGroupMapping"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteGroupMappingMutation, AdminDeleteGroupMappingMutationVariables>;
export const AdminPermissionRulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminPermissionRules"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subjectType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"PolicySubjectType"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"resource"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"permissionRules"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"subjectType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subjectType"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"resource"},"value":{"kind":"Variable","name":{"kind":"Name","value":"resource"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subjectType"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"subjectName"}},{"kind":"Field","name":{"kind":"Name","value":"resource"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"effect"}},{"kind":"Field","name":{"kind":"Name","value":"environment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<AdminPermissionRulesQuery, AdminPermissionRulesQueryVariables>;
export const AdminPermissionRuleChoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminPermissionRuleChoices"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"policyResources"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resource"}},{"kind":"Field","name":{"kind":"Name","value":"actions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"environments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AdminPermissionRuleChoicesQuery, AdminPermissionRuleChoicesQueryVariables>;
export const AdminAddPermissionRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminAddPermissionRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PermissionRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addPermissionRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminAddPermissionRuleMutation, AdminAddPermissionRuleMutationVariables>;
export const AdminUpdatePermissionRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdatePermissionRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdatePermissionRuleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePermissionRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminUpdatePermissionRuleMutation, AdminUpdatePermissionRuleMutationVariables>;
export const AdminDeletePermissionRuleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeletePermissionRule"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePermissionRule"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeletePermissionRuleMutation, AdminDeletePermissionRuleMutationVariables>;
export const AdminUsersListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminUsersList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UserFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"authSource"}},{"kind":"Field","name":{"kind":"Name","value":"lastLoginAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<AdminUsersListQuery, AdminUsersListQueryVariables>;
export const AdminCreateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]} as unknown as DocumentNode<AdminCreateUserMutation, AdminCreateUserMutationVariables>;
export const AdminUserDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminUserDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"authSource"}},{"kind":"Field","name":{"kind":"Name","value":"lastLoginAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"groups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<AdminUserDetailQuery, AdminUserDetailQueryVariables>;
export const AdminUpdateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateUserMutation, AdminUpdateUserMutationVariables>;
export const AdminDeactivateUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeactivateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deactivateUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<AdminDeactivateUserMutation, AdminDeactivateUserMutationVariables>;
export const AdminDeleteUserDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteUserMutation, AdminDeleteUserMutationVariables>;
export const AdminResetPasswordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminResetPassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetPassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}}]}}]}}]} as unknown as DocumentNode<AdminResetPasswordMutation, AdminResetPasswordMutationVariables>;
export const AdminUserPickerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminUserPicker"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"UserFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<AdminUserPickerQuery, AdminUserPickerQueryVariables>;
export const AdminWebhooksListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminWebhooksList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"pendingDeliveries"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookStats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveries"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}},{"kind":"Field","name":{"kind":"Name","value":"failures"}},{"kind":"Field","name":{"kind":"Name","value":"refused"}},{"kind":"Field","name":{"kind":"Name","value":"averageDurationMs"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"since"}}]}}]}}]} as unknown as DocumentNode<AdminWebhooksListQuery, AdminWebhooksListQueryVariables>;
export const AdminWebhookEventTypesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminWebhookEventTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEventTypes"}}]}}]} as unknown as DocumentNode<AdminWebhookEventTypesQuery, AdminWebhookEventTypesQueryVariables>;
export const AdminWebhookDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminWebhookDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"secretError"}},{"kind":"Field","name":{"kind":"Name","value":"headers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"hasValue"}}]}},{"kind":"Field","name":{"kind":"Name","value":"headersError"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}},{"kind":"Field","name":{"kind":"Name","value":"customPayloadTemplate"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"retryMax"}},{"kind":"Field","name":{"kind":"Name","value":"retryDelayMs"}},{"kind":"Field","name":{"kind":"Name","value":"retryBackoff"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"statusChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"pendingDeliveries"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"webhookId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookId"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"pending"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"successes"}},{"kind":"Field","name":{"kind":"Name","value":"failures"}},{"kind":"Field","name":{"kind":"Name","value":"refused"}},{"kind":"Field","name":{"kind":"Name","value":"averageDurationMs"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"since"}}]}}]}}]} as unknown as DocumentNode<AdminWebhookDetailQuery, AdminWebhookDetailQueryVariables>;
export const AdminWebhookExecutionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminWebhookExecutions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookExecutionFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookExecutions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"test"}},{"kind":"Field","name":{"kind":"Name","value":"attempt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"responseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookExecutionCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<AdminWebhookExecutionsQuery, AdminWebhookExecutionsQueryVariables>;
export const AdminCreateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminCreateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AdminCreateWebhookMutation, AdminCreateWebhookMutationVariables>;
export const AdminUpdateWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminUpdateWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"secretError"}},{"kind":"Field","name":{"kind":"Name","value":"headers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"hasValue"}}]}},{"kind":"Field","name":{"kind":"Name","value":"headersError"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"filters"}},{"kind":"Field","name":{"kind":"Name","value":"customPayloadTemplate"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"retryMax"}},{"kind":"Field","name":{"kind":"Name","value":"retryDelayMs"}},{"kind":"Field","name":{"kind":"Name","value":"retryBackoff"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusReason"}},{"kind":"Field","name":{"kind":"Name","value":"statusChangedAt"}}]}}]}}]} as unknown as DocumentNode<AdminUpdateWebhookMutation, AdminUpdateWebhookMutationVariables>;
export const AdminDeleteWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminDeleteWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<AdminDeleteWebhookMutation, AdminDeleteWebhookMutationVariables>;
export const AdminTestWebhookDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"test"}},{"kind":"Field","name":{"kind":"Name","value":"attempt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"responseExcerpt"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<AdminTestWebhookMutation, AdminTestWebhookMutationVariables>;
export const FleetRootNodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FleetRootNodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationsRootNodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"depth"}},{"kind":"Field","name":{"kind":"Name","value":"childCount"}},{"kind":"Field","name":{"kind":"Name","value":"statusSummary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operational"}},{"kind":"Field","name":{"kind":"Name","value":"degraded"}},{"kind":"Field","name":{"kind":"Name","value":"down"}},{"kind":"Field","name":{"kind":"Name","value":"maintenance"}},{"kind":"Field","name":{"kind":"Name","value":"unknown"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"storageWarning"}},{"kind":"Field","name":{"kind":"Name","value":"storageCritical"}}]}}]}}]}}]} as unknown as DocumentNode<FleetRootNodesQuery, FleetRootNodesQueryVariables>;
export const FleetNodeChildrenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FleetNodeChildren"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationsNodeChildren"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"depth"}},{"kind":"Field","name":{"kind":"Name","value":"childCount"}},{"kind":"Field","name":{"kind":"Name","value":"statusSummary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operational"}},{"kind":"Field","name":{"kind":"Name","value":"degraded"}},{"kind":"Field","name":{"kind":"Name","value":"down"}},{"kind":"Field","name":{"kind":"Name","value":"maintenance"}},{"kind":"Field","name":{"kind":"Name","value":"unknown"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"storageWarning"}},{"kind":"Field","name":{"kind":"Name","value":"storageCritical"}}]}}]}}]}}]} as unknown as DocumentNode<FleetNodeChildrenQuery, FleetNodeChildrenQueryVariables>;
export const FleetNodeSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FleetNodeSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationsNodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"serviceCount"}}]}}]}}]} as unknown as DocumentNode<FleetNodeSearchQuery, FleetNodeSearchQueryVariables>;
export const FleetServicePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FleetServicePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"services"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusMessage"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"statusSince"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"storage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"freePercent"}}]}}]}}]}}]} as unknown as DocumentNode<FleetServicePageQuery, FleetServicePageQueryVariables>;
export const FleetServiceCountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FleetServiceCount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ServiceFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<FleetServiceCountQuery, FleetServiceCountQueryVariables>;
export const FleetStatusChangesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"FleetStatusChanges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceStatusChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"previousStatus"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"changedAt"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}}]}}]}}]}}]} as unknown as DocumentNode<FleetStatusChangesSubscription, FleetStatusChangesSubscriptionVariables>;
export const FleetSavedFiltersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FleetSavedFilters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"savedFilters"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resource"},"value":{"kind":"EnumValue","value":"SERVICES"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"isOwn"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"ownerUsername"}}]}}]}}]} as unknown as DocumentNode<FleetSavedFiltersQuery, FleetSavedFiltersQueryVariables>;
export const FleetCreateSavedFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FleetCreateSavedFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSavedFilterInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSavedFilter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"isOwn"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}},{"kind":"Field","name":{"kind":"Name","value":"ownerUsername"}}]}}]}}]} as unknown as DocumentNode<FleetCreateSavedFilterMutation, FleetCreateSavedFilterMutationVariables>;
export const FleetDeleteSavedFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FleetDeleteSavedFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSavedFilter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<FleetDeleteSavedFilterMutation, FleetDeleteSavedFilterMutationVariables>;
export const FleetSetDefaultFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FleetSetDefaultFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setDefaultFilter"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"resource"},"value":{"kind":"EnumValue","value":"SERVICES"}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"isDefault"}}]}}]}}]} as unknown as DocumentNode<FleetSetDefaultFilterMutation, FleetSetDefaultFilterMutationVariables>;
export const ServicesServicePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServicesServicePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"service"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusMessage"}},{"kind":"Field","name":{"kind":"Name","value":"statusSince"}},{"kind":"Field","name":{"kind":"Name","value":"criticality"}},{"kind":"Field","name":{"kind":"Name","value":"serviceType"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"team"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"namespace"}},{"kind":"Field","name":{"kind":"Name","value":"slaGroup"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"readyReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"availableReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"images"}},{"kind":"Field","name":{"kind":"Name","value":"workloadType"}},{"kind":"Field","name":{"kind":"Name","value":"workloadName"}},{"kind":"Field","name":{"kind":"Name","value":"lastOperatorSync"}},{"kind":"Field","name":{"kind":"Name","value":"dependencies"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dependencyType"}},{"kind":"Field","name":{"kind":"Name","value":"targetService"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"dependents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dependencyType"}},{"kind":"Field","name":{"kind":"Name","value":"sourceService"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"backupExpected"}},{"kind":"Field","name":{"kind":"Name","value":"backupMaxAgeDays"}},{"kind":"Field","name":{"kind":"Name","value":"lastBackupAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastBackupStatus"}},{"kind":"Field","name":{"kind":"Name","value":"backupOverdue"}},{"kind":"Field","name":{"kind":"Name","value":"storage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"allocatedBytes"}},{"kind":"Field","name":{"kind":"Name","value":"usedBytes"}},{"kind":"Field","name":{"kind":"Name","value":"freePercent"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"storageType"}},{"kind":"Field","name":{"kind":"Name","value":"mountPath"}},{"kind":"Field","name":{"kind":"Name","value":"reportedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ServicesServicePageQuery, ServicesServicePageQueryVariables>;
export const ServicesStatusChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ServicesStatusChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceStatusChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"serviceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"previousStatus"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"changedAt"}},{"kind":"Field","name":{"kind":"Name","value":"origin"}}]}}]}}]} as unknown as DocumentNode<ServicesStatusChangedSubscription, ServicesStatusChangedSubscriptionVariables>;
export const ServicesUpdateServiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ServicesUpdateService"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateServiceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateService"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"criticality"}},{"kind":"Field","name":{"kind":"Name","value":"serviceType"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ServicesUpdateServiceMutation, ServicesUpdateServiceMutationVariables>;
export const ServicesSlaTrendsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServicesSlaTrends"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaSnapshotTrend"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"serviceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"hoursBack"},"value":{"kind":"IntValue","value":"24"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodKey"}},{"kind":"Field","name":{"kind":"Name","value":"periodStart"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"targetValue"}},{"kind":"Field","name":{"kind":"Name","value":"incidentCount"}},{"kind":"Field","name":{"kind":"Name","value":"downtimeMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaTrendData"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"periodType"},"value":{"kind":"EnumValue","value":"DAILY"}},{"kind":"ObjectField","name":{"kind":"Name","value":"serviceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"monthsBack"},"value":{"kind":"IntValue","value":"1"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodKey"}},{"kind":"Field","name":{"kind":"Name","value":"periodStart"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ServicesSlaTrendsQuery, ServicesSlaTrendsQueryVariables>;
export const ServicesSlaDefinitionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServicesSlaDefinitions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaDefinitions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","name":{"kind":"Name","value":"assignments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slaGroup"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ServicesSlaDefinitionsQuery, ServicesSlaDefinitionsQueryVariables>;
export const ServicesSlaCurrentPeriodDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServicesSlaCurrentPeriod"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slaDefinitionId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaPeriodResults"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slaDefinitionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slaDefinitionId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodKey"}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"targetValue"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"coveragePercent"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetRemainingMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"downtimeMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<ServicesSlaCurrentPeriodQuery, ServicesSlaCurrentPeriodQueryVariables>;
export const ServicesOpenIncidentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServicesOpenIncidents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaIncidents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"serviceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"open"},"value":{"kind":"BooleanValue","value":true}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}}]}}]}}]} as unknown as DocumentNode<ServicesOpenIncidentsQuery, ServicesOpenIncidentsQueryVariables>;
export const ServicesMaintenanceWindowsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ServicesMaintenanceWindows"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaExclusionWindows"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"serviceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"serviceId"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"expectedEndAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedBy"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"createdVia"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endedByUser"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]}}]} as unknown as DocumentNode<ServicesMaintenanceWindowsQuery, ServicesMaintenanceWindowsQueryVariables>;
export const ServicesStartMaintenanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ServicesStartMaintenance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateExclusionWindowInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createExclusionWindow"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}}]} as unknown as DocumentNode<ServicesStartMaintenanceMutation, ServicesStartMaintenanceMutationVariables>;
export const ServicesStopMaintenanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ServicesStopMaintenance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stopExclusionWindow"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}}]}}]}}]} as unknown as DocumentNode<ServicesStopMaintenanceMutation, ServicesStopMaintenanceMutationVariables>;
export const SlaLiveEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"SlaLiveEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"StringValue","value":"sla","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"StringValue","value":"all","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]} as unknown as DocumentNode<SlaLiveEventsSubscription, SlaLiveEventsSubscriptionVariables>;
export const SlaTrendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaTrend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SLATrendFilter"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaTrendData"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodKey"}},{"kind":"Field","name":{"kind":"Name","value":"periodStart"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<SlaTrendQuery, SlaTrendQueryVariables>;
export const SlaServiceSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaServiceSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"services"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"8"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"path"}}]}}]}}]} as unknown as DocumentNode<SlaServiceSearchQuery, SlaServiceSearchQueryVariables>;
export const SlaOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaOverview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaDashboardStats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalServices"}},{"kind":"Field","name":{"kind":"Name","value":"servicesWithSla"}},{"kind":"Field","name":{"kind":"Name","value":"metCount"}},{"kind":"Field","name":{"kind":"Name","value":"atRiskCount"}},{"kind":"Field","name":{"kind":"Name","value":"breachedCount"}},{"kind":"Field","name":{"kind":"Name","value":"averageUptime"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaAlerts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"statuses"},"value":{"kind":"ListValue","values":[{"kind":"EnumValue","value":"OPEN"},{"kind":"EnumValue","value":"ACKNOWLEDGED"}]}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"8"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"raisedAt"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"openAlertCount"},"name":{"kind":"Name","value":"slaAlertCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"statuses"},"value":{"kind":"ListValue","values":[{"kind":"EnumValue","value":"OPEN"}]}}]}}]},{"kind":"Field","name":{"kind":"Name","value":"slaIncidents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"open"},"value":{"kind":"BooleanValue","value":true}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"8"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"openIncidentCount"},"name":{"kind":"Name","value":"slaIncidentCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"open"},"value":{"kind":"BooleanValue","value":true}}]}}]}]}}]} as unknown as DocumentNode<SlaOverviewQuery, SlaOverviewQueryVariables>;
export const SlaIncidentsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaIncidentsList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SLAIncidentFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaIncidents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaIncidentCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<SlaIncidentsListQuery, SlaIncidentsListQueryVariables>;
export const SlaIncidentPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaIncidentPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaIncident"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"severity"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolution"}},{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"definitions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<SlaIncidentPageQuery, SlaIncidentPageQueryVariables>;
export const SlaIncidentTicketDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaIncidentTicket"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaIncident"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ticket"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<SlaIncidentTicketQuery, SlaIncidentTicketQueryVariables>;
export const SlaGroupsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaGroupsList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"tier"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"currentUptime"}},{"kind":"Field","name":{"kind":"Name","value":"targets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uptime"}}]}},{"kind":"Field","name":{"kind":"Name","value":"targetOverrides"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uptime"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"backupStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backupOverdue"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SlaGroupsListQuery, SlaGroupsListQueryVariables>;
export const SlaGroupPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaGroupPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaGroup"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"tier"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"currentUptime"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"targets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uptime"}}]}},{"kind":"Field","name":{"kind":"Name","value":"targetOverrides"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uptime"}}]}},{"kind":"Field","name":{"kind":"Name","value":"definitions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"period"}}]}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"serviceName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"replicas"}},{"kind":"Field","name":{"kind":"Name","value":"readyReplicas"}},{"kind":"Field","name":{"kind":"Name","value":"backupStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backupExpected"}},{"kind":"Field","name":{"kind":"Name","value":"lastBackupAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastBackupStatus"}},{"kind":"Field","name":{"kind":"Name","value":"backupMaxAgeDays"}},{"kind":"Field","name":{"kind":"Name","value":"backupOverdue"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SlaGroupPageQuery, SlaGroupPageQueryVariables>;
export const SlaGroupOverrideDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaGroupOverride"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"group"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"uptime"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setSLAGroupTargetOverride"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"group"},"value":{"kind":"Variable","name":{"kind":"Name","value":"group"}}},{"kind":"Argument","name":{"kind":"Name","value":"uptime"},"value":{"kind":"Variable","name":{"kind":"Name","value":"uptime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"targets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uptime"}}]}},{"kind":"Field","name":{"kind":"Name","value":"targetOverrides"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"uptime"}}]}}]}}]}}]} as unknown as DocumentNode<SlaGroupOverrideMutation, SlaGroupOverrideMutationVariables>;
export const SlaEventLogListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaEventLogList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SLAEventLogFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaEventLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"origin"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"definitionId"}},{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"slaGroup"}},{"kind":"Field","name":{"kind":"Name","value":"incidentId"}},{"kind":"Field","name":{"kind":"Name","value":"alertId"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaEventLogCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<SlaEventLogListQuery, SlaEventLogListQueryVariables>;
export const SlaDefinitionsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaDefinitionsList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaDefinitions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","name":{"kind":"Name","value":"degradedCountsAsDown"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"targets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slaGroup"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SlaDefinitionsListQuery, SlaDefinitionsListQueryVariables>;
export const SlaDefinitionPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaDefinitionPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaDefinition"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","name":{"kind":"Name","value":"degradedCountsAsDown"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"raiseTicket"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCatalogItem"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"burnRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fast"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"longWindowMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"shortWindowMinutes"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"longWindowMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"shortWindowMinutes"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"targets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"scope"}},{"kind":"Field","name":{"kind":"Name","value":"scopeValue"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slaGroup"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SlaDefinitionPageQuery, SlaDefinitionPageQueryVariables>;
export const SlaDeleteDefinitionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaDeleteDefinition"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSLADefinition"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<SlaDeleteDefinitionMutation, SlaDeleteDefinitionMutationVariables>;
export const SlaDefinitionPeriodsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaDefinitionPeriods"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaPeriodResults"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slaDefinitionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"6"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodKey"}},{"kind":"Field","name":{"kind":"Name","value":"final"}},{"kind":"Field","name":{"kind":"Name","value":"serviceCount"}},{"kind":"Field","name":{"kind":"Name","value":"targetValue"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"coveragePercent"}},{"kind":"Field","name":{"kind":"Name","value":"downtimeMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetUsedMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetRemainingMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"burnRate"}},{"kind":"Field","name":{"kind":"Name","value":"incidentCount"}},{"kind":"Field","name":{"kind":"Name","value":"mttrMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"services"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"targetValue"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"coveragePercent"}},{"kind":"Field","name":{"kind":"Name","value":"downtimeMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetUsedMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetRemainingMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"burnRate"}},{"kind":"Field","name":{"kind":"Name","value":"incidentCount"}},{"kind":"Field","name":{"kind":"Name","value":"mttrMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<SlaDefinitionPeriodsQuery, SlaDefinitionPeriodsQueryVariables>;
export const SlaCreateDefinitionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaCreateDefinition"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSLADefinitionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSLADefinition"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<SlaCreateDefinitionMutation, SlaCreateDefinitionMutationVariables>;
export const SlaDefinitionToEditDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaDefinitionToEdit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaDefinition"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","name":{"kind":"Name","value":"degradedCountsAsDown"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"raiseTicket"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCatalogItem"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"burnRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fast"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"longWindowMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"shortWindowMinutes"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"longWindowMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"shortWindowMinutes"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SlaDefinitionToEditQuery, SlaDefinitionToEditQueryVariables>;
export const SlaUpdateDefinitionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaUpdateDefinition"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSLADefinitionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSLADefinition"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","name":{"kind":"Name","value":"degradedCountsAsDown"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"raiseTicket"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCatalogItem"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"burnRates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fast"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"longWindowMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"shortWindowMinutes"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"threshold"}},{"kind":"Field","name":{"kind":"Name","value":"longWindowMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"shortWindowMinutes"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SlaUpdateDefinitionMutation, SlaUpdateDefinitionMutationVariables>;
export const SlaGroupNamesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaGroupNames"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"tier"}}]}}]}}]} as unknown as DocumentNode<SlaGroupNamesQuery, SlaGroupNamesQueryVariables>;
export const SlaSetTargetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaSetTarget"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSLATargetInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSLATarget"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"scope"}},{"kind":"Field","name":{"kind":"Name","value":"scopeValue"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}}]}}]}}]} as unknown as DocumentNode<SlaSetTargetMutation, SlaSetTargetMutationVariables>;
export const SlaDeleteTargetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaDeleteTarget"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSLATarget"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<SlaDeleteTargetMutation, SlaDeleteTargetMutationVariables>;
export const SlaAssignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaAssign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AssignSLAInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"assignSLAToService"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<SlaAssignMutation, SlaAssignMutationVariables>;
export const SlaUnassignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaUnassign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unassignSLA"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<SlaUnassignMutation, SlaUnassignMutationVariables>;
export const SlaDailyReportPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaDailyReportPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"day"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaDailyReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"day"},"value":{"kind":"Variable","name":{"kind":"Name","value":"day"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"generatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"slaCount"}},{"kind":"Field","name":{"kind":"Name","value":"metCount"}},{"kind":"Field","name":{"kind":"Name","value":"atRiskCount"}},{"kind":"Field","name":{"kind":"Name","value":"breachedCount"}},{"kind":"Field","name":{"kind":"Name","value":"noDataCount"}},{"kind":"Field","name":{"kind":"Name","value":"csv"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaId"}},{"kind":"Field","name":{"kind":"Name","value":"slaName"}},{"kind":"Field","name":{"kind":"Name","value":"targetPercent"}},{"kind":"Field","name":{"kind":"Name","value":"periodType"}},{"kind":"Field","name":{"kind":"Name","value":"periodKey"}},{"kind":"Field","name":{"kind":"Name","value":"serviceCount"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"actualValue"}},{"kind":"Field","name":{"kind":"Name","value":"downtimeMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"errorBudgetRemainingMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"burnRate"}},{"kind":"Field","name":{"kind":"Name","value":"incidentCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaDailyReports"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"30"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"generatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"trigger"}},{"kind":"Field","name":{"kind":"Name","value":"slaCount"}},{"kind":"Field","name":{"kind":"Name","value":"breachedCount"}}]}}]}}]} as unknown as DocumentNode<SlaDailyReportPageQuery, SlaDailyReportPageQueryVariables>;
export const SlaGenerateDailyReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaGenerateDailyReport"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateSLADailyReport"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"generatedAt"}}]}}]}}]} as unknown as DocumentNode<SlaGenerateDailyReportMutation, SlaGenerateDailyReportMutationVariables>;
export const SlaAlertsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SlaAlertsList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SLAAlertFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slaAlerts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"serviceId"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"definitionId"}},{"kind":"Field","name":{"kind":"Name","value":"definition"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaGroup"}},{"kind":"Field","name":{"kind":"Name","value":"raisedAt"}},{"kind":"Field","name":{"kind":"Name","value":"acknowledgedAt"}},{"kind":"Field","name":{"kind":"Name","value":"acknowledgedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"slaAlertCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<SlaAlertsListQuery, SlaAlertsListQueryVariables>;
export const SlaAcknowledgeAlertDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SlaAcknowledgeAlert"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acknowledgeSLAAlert"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"acknowledgedAt"}},{"kind":"Field","name":{"kind":"Name","value":"acknowledgedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]}}]} as unknown as DocumentNode<SlaAcknowledgeAlertMutation, SlaAcknowledgeAlertMutationVariables>;
export const TicketsEntityEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TicketsEntityEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"StringValue","value":"ticket","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}}]} as unknown as DocumentNode<TicketsEntityEventsSubscription, TicketsEntityEventsSubscriptionVariables>;
export const TicketsNotificationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"TicketsNotifications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notificationReceived"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"notification"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsNotificationsSubscription, TicketsNotificationsSubscriptionVariables>;
export const TicketsUserSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsUserSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"active"},"value":{"kind":"BooleanValue","value":true}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<TicketsUserSearchQuery, TicketsUserSearchQueryVariables>;
export const TicketsServiceSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsServiceSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"services"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"nodeId"}}]}}]}}]} as unknown as DocumentNode<TicketsServiceSearchQuery, TicketsServiceSearchQueryVariables>;
export const TicketsWorklogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsWorklog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketWorklog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"200"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalMinutes"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"authorId"}},{"kind":"Field","name":{"kind":"Name","value":"minutes"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"workedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TicketsWorklogQuery, TicketsWorklogQueryVariables>;
export const TicketsLogWorkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsLogWork"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"minutes"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"note"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"logTicketWork"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"minutes"},"value":{"kind":"Variable","name":{"kind":"Name","value":"minutes"}}},{"kind":"Argument","name":{"kind":"Name","value":"note"},"value":{"kind":"Variable","name":{"kind":"Name","value":"note"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"minutes"}}]}}]}}]} as unknown as DocumentNode<TicketsLogWorkMutation, TicketsLogWorkMutationVariables>;
export const TicketsDeleteWorkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsDeleteWork"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTicketWorklog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TicketsDeleteWorkMutation, TicketsDeleteWorkMutationVariables>;
export const TicketsWatchersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsWatchers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketWatchers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsWatchersQuery, TicketsWatchersQueryVariables>;
export const TicketsWatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsWatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"watchTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}}]}}]}}]} as unknown as DocumentNode<TicketsWatchMutation, TicketsWatchMutationVariables>;
export const TicketsUnwatchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsUnwatch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unwatchTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}]}]}}]} as unknown as DocumentNode<TicketsUnwatchMutation, TicketsUnwatchMutationVariables>;
export const TicketsTicketPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsTicketPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"workflowName"}},{"kind":"Field","name":{"kind":"Name","value":"availableTransitions"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"urgency"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"catalogItemName"}},{"kind":"Field","name":{"kind":"Name","value":"requesterId"}},{"kind":"Field","name":{"kind":"Name","value":"assigneeId"}},{"kind":"Field","name":{"kind":"Name","value":"responseDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolutionDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"minutesUntilDue"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"responseBreached"}},{"kind":"Field","name":{"kind":"Name","value":"resolutionBreached"}},{"kind":"Field","name":{"kind":"Name","value":"respondedAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolvedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"service"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"requester"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"availableWorkflows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"states"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transitions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsTicketPageQuery, TicketsTicketPageQueryVariables>;
export const TicketsListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tickets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"minutesUntilDue"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"responseBreached"}},{"kind":"Field","name":{"kind":"Name","value":"resolutionBreached"}},{"kind":"Field","name":{"kind":"Name","value":"respondedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"ticketCount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<TicketsListQuery, TicketsListQueryVariables>;
export const TicketsMineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsMine"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTickets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"minutesUntilDue"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"responseBreached"}},{"kind":"Field","name":{"kind":"Name","value":"resolutionBreached"}},{"kind":"Field","name":{"kind":"Name","value":"respondedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsMineQuery, TicketsMineQueryVariables>;
export const TicketsGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"availableGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<TicketsGroupsQuery, TicketsGroupsQueryVariables>;
export const TicketsUpdateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsUpdate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTicketInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"impact"}},{"kind":"Field","name":{"kind":"Name","value":"urgency"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"minutesUntilDue"}},{"kind":"Field","name":{"kind":"Name","value":"responseDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"resolutionDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsUpdateMutation, TicketsUpdateMutationVariables>;
export const TicketsByNumberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsByNumber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"number"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketByNumber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"number"},"value":{"kind":"Variable","name":{"kind":"Name","value":"number"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<TicketsByNumberQuery, TicketsByNumberQueryVariables>;
export const TicketsTransitionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsTransition"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"transition"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transitionTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"transition"},"value":{"kind":"Variable","name":{"kind":"Name","value":"transition"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"availableTransitions"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsTransitionMutation, TicketsTransitionMutationVariables>;
export const TicketsResolveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsResolve"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resolveTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"availableTransitions"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsResolveMutation, TicketsResolveMutationVariables>;
export const TicketsCloseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsClose"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"closeTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"availableTransitions"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsCloseMutation, TicketsCloseMutationVariables>;
export const TicketsReopenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsReopen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reopenTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"statusCategory"}},{"kind":"Field","name":{"kind":"Name","value":"availableTransitions"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsReopenMutation, TicketsReopenMutationVariables>;
export const TicketsPauseSlaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsPauseSla"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pauseTicketSLA"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"minutesUntilDue"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsPauseSlaMutation, TicketsPauseSlaMutationVariables>;
export const TicketsResumeSlaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsResumeSla"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeTicketSLA"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slaPaused"}},{"kind":"Field","name":{"kind":"Name","value":"minutesUntilDue"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsResumeSlaMutation, TicketsResumeSlaMutationVariables>;
export const TicketsDeleteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsDelete"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TicketsDeleteMutation, TicketsDeleteMutationVariables>;
export const TicketsRestoreDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsRestore"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"restoreTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsRestoreMutation, TicketsRestoreMutationVariables>;
export const TicketsRelationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsRelations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketRelations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"relatedTicketId"}},{"kind":"Field","name":{"kind":"Name","value":"relatedTicket"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsRelationsQuery, TicketsRelationsQueryVariables>;
export const TicketsRelationTargetDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsRelationTarget"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"number"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketByNumber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"number"},"value":{"kind":"Variable","name":{"kind":"Name","value":"number"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}}]}}]}}]} as unknown as DocumentNode<TicketsRelationTargetQuery, TicketsRelationTargetQueryVariables>;
export const TicketsLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sourceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"targetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketRelationType"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"linkTickets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sourceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sourceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"targetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"targetId"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<TicketsLinkMutation, TicketsLinkMutationVariables>;
export const TicketsUnlinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsUnlink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sourceId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"targetId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unlinkTickets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"sourceId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sourceId"}}},{"kind":"Argument","name":{"kind":"Name","value":"targetId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"targetId"}}}]}]}}]} as unknown as DocumentNode<TicketsUnlinkMutation, TicketsUnlinkMutationVariables>;
export const TicketsCatalogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"availableCatalogCategories"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"itemCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"availableCatalogItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"categoryName"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"ticketType"}},{"kind":"Field","name":{"kind":"Name","value":"workflowName"}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsCatalogQuery, TicketsCatalogQueryVariables>;
export const TicketsCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTicketInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}}]}}]}}]} as unknown as DocumentNode<TicketsCreateMutation, TicketsCreateMutationVariables>;
export const TicketsStatusHistoryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsStatusHistory"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketStatusHistory"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fromStatus"}},{"kind":"Field","name":{"kind":"Name","value":"toStatus"}},{"kind":"Field","name":{"kind":"Name","value":"transition"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsStatusHistoryQuery, TicketsStatusHistoryQueryVariables>;
export const TicketsCommentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketComments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"authorId"}},{"kind":"Field","name":{"kind":"Name","value":"system"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TicketsCommentsQuery, TicketsCommentsQueryVariables>;
export const TicketsAddCommentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsAddComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addTicketComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"body"}}]}}]}}]} as unknown as DocumentNode<TicketsAddCommentMutation, TicketsAddCommentMutationVariables>;
export const TicketsEditCommentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsEditComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"editTicketComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}}]}}]}}]} as unknown as DocumentNode<TicketsEditCommentMutation, TicketsEditCommentMutationVariables>;
export const TicketsDeleteCommentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsDeleteComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTicketComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TicketsDeleteCommentMutation, TicketsDeleteCommentMutationVariables>;
export const TicketsAttachmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsAttachments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketAttachments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"downloadUrl"}},{"kind":"Field","name":{"kind":"Name","value":"uploadedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsAttachmentsQuery, TicketsAttachmentsQueryVariables>;
export const TicketsDeleteAttachmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsDeleteAttachment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTicketAttachment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<TicketsDeleteAttachmentMutation, TicketsDeleteAttachmentMutationVariables>;
export const TicketsAssignGroupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketsAssignGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"availableGroups"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<TicketsAssignGroupsQuery, TicketsAssignGroupsQueryVariables>;
export const TicketsAssignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TicketsAssign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"assigneeId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"assignTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"assigneeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"assigneeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"groupId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"assigneeId"}},{"kind":"Field","name":{"kind":"Name","value":"groupId"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"group"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<TicketsAssignMutation, TicketsAssignMutationVariables>;
/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ShellPlugins {\n    licenseInfo {\n      status\n      expiresAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n": typeof types.ShellPluginsDocument,
    "\n  subscription ShellLicenceChanged {\n    licenseUpdated {\n      at\n    }\n  }\n": typeof types.ShellLicenceChangedDocument,
    "\n  subscription RealtimeEntityViewers($entityType: String!, $entityId: ID!) {\n    entityViewersChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      viewers {\n        userId\n        username\n        since\n        editing\n      }\n    }\n  }\n": typeof types.RealtimeEntityViewersDocument,
    "\n  subscription RealtimeEditLocks($entityType: String!, $entityId: ID!) {\n    editLockChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      locks {\n        field\n        userId\n        username\n        acquiredAt\n        expiresAt\n      }\n    }\n  }\n": typeof types.RealtimeEditLocksDocument,
    "\n  mutation RealtimeAcquireEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    acquireEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n": typeof types.RealtimeAcquireEditLockDocument,
    "\n  mutation RealtimeRenewEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    renewEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n": typeof types.RealtimeRenewEditLockDocument,
    "\n  mutation RealtimeReleaseEditLock($entityType: String!, $entityId: ID!, $field: String!) {\n    releaseEditLock(entityType: $entityType, entityId: $entityId, field: $field)\n  }\n": typeof types.RealtimeReleaseEditLockDocument,
    "\n  query AdminAgentKeys($includeRevoked: Boolean) {\n    agentKeys(includeRevoked: $includeRevoked) {\n      id\n      name\n      prefix\n      nodeId\n      endpoints\n      requestBudget {\n        requestsPerSecond\n        burst\n      }\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    agentKeyEndpoints\n  }\n": typeof types.AdminAgentKeysDocument,
    "\n  mutation AdminCreateAgentKey($input: CreateAgentKeyInput!) {\n    createAgentKey(input: $input) {\n      key\n      agentKey {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AdminCreateAgentKeyDocument,
    "\n  mutation AdminRevokeAgentKey($id: ID!) {\n    revokeAgentKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.AdminRevokeAgentKeyDocument,
    "\n  query AdminAuditEvents($filter: AuditFilter, $limit: Int, $offset: Int) {\n    auditEvents(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      at\n      kind\n      action\n      actor\n      sourceAddress\n      outcome\n      errorCode\n      errorMessage\n      detail\n    }\n    auditEventCount(filter: $filter)\n  }\n": typeof types.AdminAuditEventsDocument,
    "\n  query AdminEnvironments {\n    environments {\n      id\n      name\n      description\n      paths\n      groups {\n        groupId\n        level\n        group {\n          name\n        }\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n": typeof types.AdminEnvironmentsDocument,
    "\n  mutation AdminCreateEnvironment($input: EnvironmentInput!) {\n    createEnvironment(input: $input) {\n      id\n    }\n  }\n": typeof types.AdminCreateEnvironmentDocument,
    "\n  mutation AdminUpdateEnvironment($id: ID!, $input: UpdateEnvironmentInput!) {\n    updateEnvironment(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.AdminUpdateEnvironmentDocument,
    "\n  mutation AdminDeleteEnvironment($id: ID!) {\n    deleteEnvironment(id: $id)\n  }\n": typeof types.AdminDeleteEnvironmentDocument,
    "\n  mutation AdminSetEnvironmentAccess($groupId: ID!, $environmentId: ID!, $level: EnvironmentAccessLevel) {\n    setGroupEnvironmentAccess(groupId: $groupId, environmentId: $environmentId, level: $level) {\n      groupId\n      level\n    }\n  }\n": typeof types.AdminSetEnvironmentAccessDocument,
    "\n  query AdminGroupsList($search: String) {\n    groups(search: $search, limit: 500) {\n      id\n      name\n      description\n      memberCount\n    }\n  }\n": typeof types.AdminGroupsListDocument,
    "\n  query AdminGroupDetail($id: ID!) {\n    group(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(limit: 500) {\n        id\n        username\n        displayName\n        role\n        active\n      }\n    }\n  }\n": typeof types.AdminGroupDetailDocument,
    "\n  mutation AdminCreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.AdminCreateGroupDocument,
    "\n  mutation AdminUpdateGroup($id: ID!, $input: UpdateGroupInput!) {\n    updateGroup(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n": typeof types.AdminUpdateGroupDocument,
    "\n  mutation AdminDeleteGroup($id: ID!) {\n    deleteGroup(id: $id)\n  }\n": typeof types.AdminDeleteGroupDocument,
    "\n  mutation AdminAddGroupMember($groupId: ID!, $userId: ID!) {\n    addUserToGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n": typeof types.AdminAddGroupMemberDocument,
    "\n  mutation AdminRemoveGroupMember($groupId: ID!, $userId: ID!) {\n    removeUserFromGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n": typeof types.AdminRemoveGroupMemberDocument,
    "\n  query AdminLicenseInfo {\n    licenseInfo {\n      status\n      licenseId\n      customer\n      issuedAt\n      expiresAt\n      activatedAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n": typeof types.AdminLicenseInfoDocument,
    "\n  mutation AdminTogglePlugin($name: String!, $enabled: Boolean!) {\n    togglePlugin(name: $name, enabled: $enabled) {\n      name\n      licensed\n      enabled\n      active\n    }\n  }\n": typeof types.AdminTogglePluginDocument,
    "\n  subscription AdminLicenseUpdated {\n    licenseUpdated {\n      reason\n      customer\n      activePlugins\n      at\n    }\n  }\n": typeof types.AdminLicenseUpdatedDocument,
    "\n  query AdminProvidersList {\n    authProviders {\n      id\n      type\n      name\n      displayName\n      enabled\n      defaultRole\n      hasSecret\n      secretError\n      userCount\n      startUrl\n      updatedAt\n      ldap {\n        url\n        startTls\n        tlsVerify\n        hasTlsCa\n        bindDn\n        userBaseDn\n        userFilter\n        usernameAttribute\n        emailAttribute\n        nameAttribute\n        uniqueIdAttribute\n        groupMembership\n        groupBaseDn\n        groupFilter\n        groupMemberAttribute\n        connectTimeoutMs\n        timeoutMs\n      }\n      oidc {\n        issuer\n        clientId\n        redirectUri\n        scopes\n        usernameClaim\n        emailClaim\n        nameClaim\n        groupsClaim\n        postLoginRedirectUri\n        allowInsecureHttp\n        timeoutMs\n      }\n    }\n  }\n": typeof types.AdminProvidersListDocument,
    "\n  mutation AdminCreateProvider($input: CreateAuthProviderInput!) {\n    createAuthProvider(input: $input) {\n      id\n    }\n  }\n": typeof types.AdminCreateProviderDocument,
    "\n  mutation AdminUpdateProvider($id: ID!, $input: UpdateAuthProviderInput!) {\n    updateAuthProvider(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.AdminUpdateProviderDocument,
    "\n  mutation AdminProviderStatus($id: ID!, $enabled: Boolean!) {\n    updateAuthProviderStatus(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n": typeof types.AdminProviderStatusDocument,
    "\n  mutation AdminDeleteProvider($id: ID!) {\n    deleteAuthProvider(id: $id)\n  }\n": typeof types.AdminDeleteProviderDocument,
    "\n  mutation AdminTestProvider($id: ID!, $username: String) {\n    testAuthProvider(id: $id, username: $username) {\n      success\n      failedStep\n      message\n      steps {\n        step\n        ok\n        message\n      }\n    }\n  }\n": typeof types.AdminTestProviderDocument,
    "\n  query AdminProviderDirectory($id: ID!) {\n    authProvider(id: $id) {\n      id\n      type\n      name\n      displayName\n    }\n    ldapGroups(providerId: $id) {\n      id\n      dn\n      lastSyncedAt\n      group {\n        id\n        name\n        memberCount\n      }\n    }\n    groupMappings(providerId: $id) {\n      id\n      externalGroup\n      role\n      group {\n        id\n        name\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n": typeof types.AdminProviderDirectoryDocument,
    "\n  mutation AdminLinkLdapGroup($input: CreateLDAPGroupInput!) {\n    createLDAPGroup(input: $input) {\n      id\n    }\n  }\n": typeof types.AdminLinkLdapGroupDocument,
    "\n  mutation AdminUnlinkLdapGroup($id: ID!, $deleteGroup: Boolean) {\n    deleteLDAPGroup(id: $id, deleteGroup: $deleteGroup)\n  }\n": typeof types.AdminUnlinkLdapGroupDocument,
    "\n  mutation AdminSyncLdapGroups($providerId: ID, $ldapGroupId: ID) {\n    syncLDAPGroups(providerId: $providerId, ldapGroupId: $ldapGroupId) {\n      ldapGroup {\n        id\n        dn\n      }\n      added {\n        username\n      }\n      removed {\n        username\n      }\n      provisioned {\n        username\n      }\n      unresolved\n    }\n  }\n": typeof types.AdminSyncLdapGroupsDocument,
    "\n  mutation AdminSetGroupMapping($input: SetGroupMappingInput!) {\n    setGroupMapping(input: $input) {\n      id\n    }\n  }\n": typeof types.AdminSetGroupMappingDocument,
    "\n  mutation AdminDeleteGroupMapping($id: ID!) {\n    deleteGroupMapping(id: $id)\n  }\n": typeof types.AdminDeleteGroupMappingDocument,
    "\n  query AdminPermissionRules($subjectType: PolicySubjectType, $subject: String, $resource: String) {\n    permissionRules(subjectType: $subjectType, subject: $subject, resource: $resource) {\n      id\n      subjectType\n      subject\n      subjectName\n      resource\n      action\n      effect\n      environment {\n        id\n        name\n      }\n      description\n    }\n  }\n": typeof types.AdminPermissionRulesDocument,
    "\n  query AdminPermissionRuleChoices {\n    policyResources {\n      resource\n      actions\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n    environments {\n      id\n      name\n    }\n  }\n": typeof types.AdminPermissionRuleChoicesDocument,
    "\n  mutation AdminAddPermissionRule($input: PermissionRuleInput!) {\n    addPermissionRule(input: $input) {\n      id\n    }\n  }\n": typeof types.AdminAddPermissionRuleDocument,
    "\n  mutation AdminUpdatePermissionRule($id: ID!, $input: UpdatePermissionRuleInput!) {\n    updatePermissionRule(id: $id, input: $input) {\n      id\n    }\n  }\n": typeof types.AdminUpdatePermissionRuleDocument,
    "\n  mutation AdminDeletePermissionRule($id: ID!) {\n    deletePermissionRule(id: $id)\n  }\n": typeof types.AdminDeletePermissionRuleDocument,
    "\n  query AdminUsersList($filter: UserFilter, $limit: Int, $offset: Int) {\n    users(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n    }\n    userCount(filter: $filter)\n  }\n": typeof types.AdminUsersListDocument,
    "\n  mutation AdminCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n": typeof types.AdminCreateUserDocument,
    "\n  query AdminUserDetail($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n      createdAt\n      groups {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AdminUserDetailDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      displayName\n      email\n      role\n      active\n    }\n  }\n": typeof types.AdminUpdateUserDocument,
    "\n  mutation AdminDeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      active\n    }\n  }\n": typeof types.AdminDeactivateUserDocument,
    "\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n": typeof types.AdminDeleteUserDocument,
    "\n  mutation AdminResetPassword($userId: ID!) {\n    resetPassword(userId: $userId) {\n      token\n      expiresAt\n    }\n  }\n": typeof types.AdminResetPasswordDocument,
    "\n  query AdminUserPicker($filter: UserFilter) {\n    users(filter: $filter, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n": typeof types.AdminUserPickerDocument,
    "\n  query AdminWebhooksList {\n    webhooks(limit: 500) {\n      id\n      name\n      url\n      events\n      status\n      statusReason\n      consecutiveFailures\n      pendingDeliveries\n    }\n    webhookStats {\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n": typeof types.AdminWebhooksListDocument,
    "\n  query AdminWebhookEventTypes {\n    webhookEventTypes\n  }\n": typeof types.AdminWebhookEventTypesDocument,
    "\n  query AdminWebhookDetail($id: ID!) {\n    webhook(id: $id) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n      consecutiveFailures\n      pendingDeliveries\n      createdAt\n      createdBy\n    }\n    webhookStats(webhookId: $id) {\n      webhookId\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n": typeof types.AdminWebhookDetailDocument,
    "\n  query AdminWebhookExecutions($filter: WebhookExecutionFilter, $limit: Int, $offset: Int) {\n    webhookExecutions(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n    webhookExecutionCount(filter: $filter)\n  }\n": typeof types.AdminWebhookExecutionsDocument,
    "\n  mutation AdminCreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.AdminCreateWebhookDocument,
    "\n  mutation AdminUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n    }\n  }\n": typeof types.AdminUpdateWebhookDocument,
    "\n  mutation AdminDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.AdminDeleteWebhookDocument,
    "\n  mutation AdminTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n  }\n": typeof types.AdminTestWebhookDocument,
    "\n  query FleetRootNodes {\n    operationsRootNodes {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n": typeof types.FleetRootNodesDocument,
    "\n  query FleetNodeChildren($id: ID!, $limit: Int) {\n    operationsNodeChildren(id: $id, limit: $limit) {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n": typeof types.FleetNodeChildrenDocument,
    "\n  query FleetNodeSearch($search: String!, $limit: Int) {\n    operationsNodes(search: $search, limit: $limit) {\n      id\n      serviceCount\n    }\n  }\n": typeof types.FleetNodeSearchDocument,
    "\n  query FleetServicePage($filter: ServiceFilter, $sort: ServiceSort, $limit: Int, $offset: Int) {\n    services(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id\n      name\n      displayName\n      status\n      statusMessage\n      nodeId\n      statusSince\n      updatedAt\n      storage { status freePercent }\n    }\n  }\n": typeof types.FleetServicePageDocument,
    "\n  query FleetServiceCount($filter: ServiceFilter) {\n    serviceCount(filter: $filter)\n  }\n": typeof types.FleetServiceCountDocument,
    "\n  subscription FleetStatusChanges {\n    serviceStatusChanged {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      service { id nodeId }\n    }\n  }\n": typeof types.FleetStatusChangesDocument,
    "\n  query FleetSavedFilters {\n    savedFilters(resource: SERVICES) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n": typeof types.FleetSavedFiltersDocument,
    "\n  mutation FleetCreateSavedFilter($input: CreateSavedFilterInput!) {\n    createSavedFilter(input: $input) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n": typeof types.FleetCreateSavedFilterDocument,
    "\n  mutation FleetDeleteSavedFilter($id: ID!) {\n    deleteSavedFilter(id: $id)\n  }\n": typeof types.FleetDeleteSavedFilterDocument,
    "\n  mutation FleetSetDefaultFilter($id: ID) {\n    setDefaultFilter(resource: SERVICES, id: $id) {\n      id\n      isDefault\n    }\n  }\n": typeof types.FleetSetDefaultFilterDocument,
    "\n  query ServicesServicePage($id: ID!) {\n    service(id: $id) {\n      id\n      name\n      displayName\n      nodeId\n      path\n      status\n      statusMessage\n      statusSince\n      criticality\n      serviceType\n      tags\n      owner {\n        id\n        username\n      }\n      team {\n        id\n        name\n      }\n      namespace\n      slaGroup\n      replicas\n      readyReplicas\n      availableReplicas\n      images\n      workloadType\n      workloadName\n      lastOperatorSync\n      dependencies {\n        dependencyType\n        targetService {\n          id\n          name\n          path\n          status\n        }\n      }\n      dependents {\n        dependencyType\n        sourceService {\n          id\n          name\n          path\n          status\n        }\n      }\n      backupExpected\n      backupMaxAgeDays\n      lastBackupAt\n      lastBackupStatus\n      backupOverdue\n      storage {\n        allocatedBytes\n        usedBytes\n        freePercent\n        status\n        storageType\n        mountPath\n        reportedAt\n      }\n      updatedAt\n    }\n  }\n": typeof types.ServicesServicePageDocument,
    "\n  subscription ServicesStatusChanged($serviceId: ID!) {\n    serviceStatusChanged(serviceId: $serviceId) {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      origin\n    }\n  }\n": typeof types.ServicesStatusChangedDocument,
    "\n  mutation ServicesUpdateService($id: ID!, $input: UpdateServiceInput!) {\n    updateService(id: $id, input: $input) {\n      id\n      displayName\n      criticality\n      serviceType\n      updatedAt\n    }\n  }\n": typeof types.ServicesUpdateServiceDocument,
    "\n  query ServicesSlaTrends($serviceId: ID!) {\n    slaSnapshotTrend(serviceId: $serviceId, hoursBack: 24) {\n      periodKey\n      periodStart\n      actualValue\n      targetValue\n      incidentCount\n      downtimeMinutes\n      status\n    }\n    slaTrendData(filter: { periodType: DAILY, serviceId: $serviceId, monthsBack: 1 }) {\n      periodKey\n      periodStart\n      actualValue\n      status\n    }\n  }\n": typeof types.ServicesSlaTrendsDocument,
    "\n  query ServicesSlaDefinitions {\n    slaDefinitions {\n      id\n      name\n      targetPercent\n      period\n      assignments {\n        id\n        slaGroup\n        service {\n          id\n        }\n      }\n    }\n  }\n": typeof types.ServicesSlaDefinitionsDocument,
    "\n  query ServicesSlaCurrentPeriod($slaDefinitionId: ID!) {\n    slaPeriodResults(slaDefinitionId: $slaDefinitionId, limit: 1) {\n      periodKey\n      services {\n        serviceId\n        targetValue\n        actualValue\n        coveragePercent\n        errorBudgetRemainingMinutes\n        downtimeMinutes\n        status\n      }\n    }\n  }\n": typeof types.ServicesSlaCurrentPeriodDocument,
    "\n  query ServicesOpenIncidents($serviceId: ID!) {\n    slaIncidents(filter: { serviceId: $serviceId, open: true }, limit: 20) {\n      id\n      title\n      severity\n      source\n      startedAt\n    }\n  }\n": typeof types.ServicesOpenIncidentsDocument,
    "\n  query ServicesMaintenanceWindows($serviceId: ID!) {\n    slaExclusionWindows(filter: { serviceId: $serviceId }, limit: 10) {\n      id\n      reason\n      startedAt\n      expectedEndAt\n      endedAt\n      endedBy\n      active\n      createdVia\n      createdBy {\n        id\n        username\n      }\n      endedByUser {\n        id\n        username\n      }\n    }\n  }\n": typeof types.ServicesMaintenanceWindowsDocument,
    "\n  mutation ServicesStartMaintenance($input: CreateExclusionWindowInput!) {\n    createExclusionWindow(input: $input) {\n      id\n      active\n    }\n  }\n": typeof types.ServicesStartMaintenanceDocument,
    "\n  mutation ServicesStopMaintenance($id: ID!) {\n    stopExclusionWindow(id: $id) {\n      id\n      active\n      endedAt\n    }\n  }\n": typeof types.ServicesStopMaintenanceDocument,
    "\n  subscription SlaLiveEvents {\n    entityEvents(entityType: \"sla\", entityId: \"all\") {\n      event entityId at data\n    }\n  }\n": typeof types.SlaLiveEventsDocument,
    "\n  query SlaTrend($filter: SLATrendFilter!) {\n    slaTrendData(filter: $filter) {\n      periodKey periodStart actualValue status\n    }\n  }\n": typeof types.SlaTrendDocument,
    "\n  query SlaServiceSearch($search: String!) {\n    services(filter: { search: $search }, limit: 8) {\n      id name path\n    }\n  }\n": typeof types.SlaServiceSearchDocument,
    "\n  query SlaOverview {\n    slaDashboardStats {\n      totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime\n    }\n    slaAlerts(filter: { statuses: [OPEN, ACKNOWLEDGED] }, limit: 8) {\n      id kind status message raisedAt\n      service {\n        id name\n      }\n    }\n    openAlertCount: slaAlertCount(filter: { statuses: [OPEN] })\n    slaIncidents(filter: { open: true }, limit: 8) {\n      id title severity startedAt\n      service {\n        id name\n      }\n    }\n    openIncidentCount: slaIncidentCount(filter: { open: true })\n  }\n": typeof types.SlaOverviewDocument,
    "\n  query SlaIncidentsList($filter: SLAIncidentFilter, $limit: Int) {\n    slaIncidents(filter: $filter, limit: $limit) {\n      id title severity source open startedAt endedAt serviceId\n      service {\n        id name\n      }\n    }\n    slaIncidentCount(filter: $filter)\n  }\n": typeof types.SlaIncidentsListDocument,
    "\n  query SlaIncidentPage($id: ID!) {\n    slaIncident(id: $id) {\n      id title description severity source open startedAt endedAt resolution serviceId\n      service {\n        id name\n      }\n      definitions {\n        id name\n      }\n    }\n  }\n": typeof types.SlaIncidentPageDocument,
    "\n  query SlaIncidentTicket($id: ID!) {\n    slaIncident(id: $id) {\n      id\n      ticket {\n        id number status\n      }\n    }\n  }\n": typeof types.SlaIncidentTicketDocument,
    "\n  query SlaGroupsList {\n    slaGroups {\n      id name displayName tier status currentUptime\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      services {\n        serviceName status\n        backupStatus {\n          backupOverdue\n        }\n      }\n    }\n  }\n": typeof types.SlaGroupsListDocument,
    "\n  query SlaGroupPage($name: String!) {\n    slaGroup(name: $name) {\n      id name displayName tier status currentUptime updatedAt\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      definitions {\n        id name targetPercent period\n      }\n      services {\n        serviceId serviceName status replicas readyReplicas\n        backupStatus {\n          backupExpected lastBackupAt lastBackupStatus backupMaxAgeDays backupOverdue\n        }\n      }\n    }\n  }\n": typeof types.SlaGroupPageDocument,
    "\n  mutation SlaGroupOverride($group: String!, $uptime: Float) {\n    setSLAGroupTargetOverride(group: $group, uptime: $uptime) {\n      id\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n    }\n  }\n": typeof types.SlaGroupOverrideDocument,
    "\n  query SlaEventLogList($filter: SLAEventLogFilter, $limit: Int) {\n    slaEventLog(filter: $filter, limit: $limit) {\n      id at kind origin\n      actor {\n        username\n      }\n      definitionId serviceId slaGroup incidentId alertId data\n    }\n    slaEventLogCount(filter: $filter)\n  }\n": typeof types.SlaEventLogListDocument,
    "\n  query SlaDefinitionsList {\n    slaDefinitions {\n      id name description targetPercent period degradedCountsAsDown timeZone updatedAt\n      targets {\n        id\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n": typeof types.SlaDefinitionsListDocument,
    "\n  query SlaDefinitionPage($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n      targets {\n        id scope scopeValue targetPercent\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n": typeof types.SlaDefinitionPageDocument,
    "\n  mutation SlaDeleteDefinition($id: ID!) {\n    deleteSLADefinition(id: $id)\n  }\n": typeof types.SlaDeleteDefinitionDocument,
    "\n  query SlaDefinitionPeriods($id: ID!) {\n    slaPeriodResults(slaDefinitionId: $id, limit: 6) {\n      periodKey final serviceCount targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes\n      errorBudgetUsedMinutes errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      services {\n        serviceId\n        service {\n          name\n        }\n        targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes errorBudgetUsedMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      }\n    }\n  }\n": typeof types.SlaDefinitionPeriodsDocument,
    "\n  mutation SlaCreateDefinition($input: CreateSLADefinitionInput!) {\n    createSLADefinition(input: $input) {\n      id name\n    }\n  }\n": typeof types.SlaCreateDefinitionDocument,
    "\n  query SlaDefinitionToEdit($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n": typeof types.SlaDefinitionToEditDocument,
    "\n  mutation SlaUpdateDefinition($id: ID!, $input: UpdateSLADefinitionInput!) {\n    updateSLADefinition(id: $id, input: $input) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n": typeof types.SlaUpdateDefinitionDocument,
    "\n  query SlaGroupNames {\n    slaGroups {\n      id name displayName tier\n    }\n  }\n": typeof types.SlaGroupNamesDocument,
    "\n  mutation SlaSetTarget($input: CreateSLATargetInput!) {\n    createSLATarget(input: $input) {\n      id scope scopeValue targetPercent\n    }\n  }\n": typeof types.SlaSetTargetDocument,
    "\n  mutation SlaDeleteTarget($id: ID!) {\n    deleteSLATarget(id: $id)\n  }\n": typeof types.SlaDeleteTargetDocument,
    "\n  mutation SlaAssign($input: AssignSLAInput!) {\n    assignSLAToService(input: $input) {\n      id\n    }\n  }\n": typeof types.SlaAssignDocument,
    "\n  mutation SlaUnassign($id: ID!) {\n    unassignSLA(id: $id)\n  }\n": typeof types.SlaUnassignDocument,
    "\n  query SlaDailyReportPage($day: String) {\n    slaDailyReport(day: $day) {\n      day generatedAt trigger slaCount metCount atRiskCount breachedCount noDataCount csv\n      rows {\n        slaId slaName targetPercent periodType periodKey serviceCount status actualValue downtimeMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount\n      }\n    }\n    slaDailyReports(limit: 30) {\n      day generatedAt trigger slaCount breachedCount\n    }\n  }\n": typeof types.SlaDailyReportPageDocument,
    "\n  mutation SlaGenerateDailyReport {\n    generateSLADailyReport {\n      day generatedAt\n    }\n  }\n": typeof types.SlaGenerateDailyReportDocument,
    "\n  query SlaAlertsList($filter: SLAAlertFilter, $limit: Int) {\n    slaAlerts(filter: $filter, limit: $limit) {\n      id kind status message serviceId\n      service {\n        id name\n      }\n      definitionId\n      definition {\n        id name\n      }\n      slaGroup raisedAt acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n      resolvedAt\n    }\n    slaAlertCount(filter: $filter)\n  }\n": typeof types.SlaAlertsListDocument,
    "\n  mutation SlaAcknowledgeAlert($id: ID!) {\n    acknowledgeSLAAlert(id: $id) {\n      id status acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n    }\n  }\n": typeof types.SlaAcknowledgeAlertDocument,
    "\n  subscription TicketsEntityEvents($entityId: ID!) {\n    entityEvents(entityType: \"ticket\", entityId: $entityId) {\n      event\n      entityId\n      at\n    }\n  }\n": typeof types.TicketsEntityEventsDocument,
    "\n  subscription TicketsNotifications {\n    notificationReceived {\n      notification {\n        id\n        type\n        entityType\n        entityId\n      }\n    }\n  }\n": typeof types.TicketsNotificationsDocument,
    "\n  query TicketsUserSearch($search: String) {\n    users(filter: { search: $search, active: true }, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n": typeof types.TicketsUserSearchDocument,
    "\n  query TicketsServiceSearch($search: String) {\n    services(filter: { search: $search }, limit: 20) {\n      id\n      name\n      displayName\n      nodeId\n    }\n  }\n": typeof types.TicketsServiceSearchDocument,
    "\n  query TicketsWorklog($ticketId: ID!) {\n    ticketWorklog(ticketId: $ticketId, limit: 200) {\n      totalMinutes\n      count\n      entries {\n        id authorId minutes note workedAt\n        author { id username displayName }\n      }\n    }\n  }\n": typeof types.TicketsWorklogDocument,
    "\n  mutation TicketsLogWork($ticketId: ID!, $minutes: Int!, $note: String) {\n    logTicketWork(ticketId: $ticketId, minutes: $minutes, note: $note) { id minutes }\n  }\n": typeof types.TicketsLogWorkDocument,
    "\n  mutation TicketsDeleteWork($id: ID!) {\n    deleteTicketWorklog(id: $id)\n  }\n": typeof types.TicketsDeleteWorkDocument,
    "\n  query TicketsWatchers($ticketId: ID!) {\n    ticketWatchers(ticketId: $ticketId) {\n      userId since\n      user { id username displayName }\n    }\n  }\n": typeof types.TicketsWatchersDocument,
    "\n  mutation TicketsWatch($ticketId: ID!, $userId: ID) {\n    watchTicket(ticketId: $ticketId, userId: $userId) { userId }\n  }\n": typeof types.TicketsWatchDocument,
    "\n  mutation TicketsUnwatch($ticketId: ID!, $userId: ID) {\n    unwatchTicket(ticketId: $ticketId, userId: $userId)\n  }\n": typeof types.TicketsUnwatchDocument,
    "\n  query TicketsTicketPage($id: ID!) {\n    ticket(id: $id) {\n      id number title description type status statusCategory workflowName availableTransitions impact urgency priority\n      catalogItemName requesterId assigneeId responseDueAt resolutionDueAt minutesUntilDue slaPaused responseBreached resolutionBreached\n      respondedAt resolvedAt createdAt updatedAt deletedAt\n      service { id name displayName }\n      requester { id username displayName }\n      assignee { id username displayName }\n      group { id name }\n    }\n    availableWorkflows {\n      name\n      states { name category }\n      transitions { name to }\n    }\n  }\n": typeof types.TicketsTicketPageDocument,
    "\n  query TicketsList($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    tickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n    ticketCount(filter: $filter)\n  }\n": typeof types.TicketsListDocument,
    "\n  query TicketsMine($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    myTickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n": typeof types.TicketsMineDocument,
    "\n  query TicketsGroups {\n    availableGroups {\n      id\n      name\n    }\n  }\n": typeof types.TicketsGroupsDocument,
    "\n  mutation TicketsUpdate($id: ID!, $input: UpdateTicketInput!) {\n    updateTicket(id: $id, input: $input) { id title description impact urgency priority minutesUntilDue responseDueAt resolutionDueAt updatedAt }\n  }\n": typeof types.TicketsUpdateDocument,
    "\n  query TicketsByNumber($number: String!) {\n    ticketByNumber(number: $number) { id }\n  }\n": typeof types.TicketsByNumberDocument,
    "\n  mutation TicketsTransition($id: ID!, $transition: String!) {\n    transitionTicket(id: $id, transition: $transition) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": typeof types.TicketsTransitionDocument,
    "\n  mutation TicketsResolve($id: ID!) {\n    resolveTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": typeof types.TicketsResolveDocument,
    "\n  mutation TicketsClose($id: ID!) {\n    closeTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": typeof types.TicketsCloseDocument,
    "\n  mutation TicketsReopen($id: ID!) {\n    reopenTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": typeof types.TicketsReopenDocument,
    "\n  mutation TicketsPauseSla($id: ID!) {\n    pauseTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n": typeof types.TicketsPauseSlaDocument,
    "\n  mutation TicketsResumeSla($id: ID!) {\n    resumeTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n": typeof types.TicketsResumeSlaDocument,
    "\n  mutation TicketsDelete($id: ID!) {\n    deleteTicket(id: $id)\n  }\n": typeof types.TicketsDeleteDocument,
    "\n  mutation TicketsRestore($id: ID!) {\n    restoreTicket(id: $id) { id deletedAt updatedAt }\n  }\n": typeof types.TicketsRestoreDocument,
    "\n  query TicketsRelations($ticketId: ID!) {\n    ticketRelations(ticketId: $ticketId) {\n      id type relatedTicketId\n      relatedTicket { id number title status }\n    }\n  }\n": typeof types.TicketsRelationsDocument,
    "\n  query TicketsRelationTarget($number: String!) {\n    ticketByNumber(number: $number) { id number }\n  }\n": typeof types.TicketsRelationTargetDocument,
    "\n  mutation TicketsLink($sourceId: ID!, $targetId: ID!, $type: TicketRelationType!) {\n    linkTickets(sourceId: $sourceId, targetId: $targetId, type: $type) { id }\n  }\n": typeof types.TicketsLinkDocument,
    "\n  mutation TicketsUnlink($sourceId: ID!, $targetId: ID!) {\n    unlinkTickets(sourceId: $sourceId, targetId: $targetId)\n  }\n": typeof types.TicketsUnlinkDocument,
    "\n  query TicketsCatalog {\n    availableCatalogCategories { name description itemCount }\n    availableCatalogItems { name categoryName description ticketType workflowName group { id name } }\n  }\n": typeof types.TicketsCatalogDocument,
    "\n  mutation TicketsCreate($input: CreateTicketInput!) {\n    createTicket(input: $input) { id number }\n  }\n": typeof types.TicketsCreateDocument,
    "\n  query TicketsStatusHistory($ticketId: ID!) {\n    ticketStatusHistory(ticketId: $ticketId) {\n      id fromStatus toStatus transition at\n      actor { id username displayName }\n    }\n  }\n": typeof types.TicketsStatusHistoryDocument,
    "\n  query TicketsComments($ticketId: ID!) {\n    ticketComments(ticketId: $ticketId, limit: 500) {\n      total\n      comments {\n        id authorId system body createdAt editedAt\n        author { id username displayName }\n      }\n    }\n  }\n": typeof types.TicketsCommentsDocument,
    "\n  mutation TicketsAddComment($ticketId: ID!, $body: String!) {\n    addTicketComment(ticketId: $ticketId, body: $body) { id body }\n  }\n": typeof types.TicketsAddCommentDocument,
    "\n  mutation TicketsEditComment($id: ID!, $body: String!) {\n    editTicketComment(id: $id, body: $body) { id body editedAt }\n  }\n": typeof types.TicketsEditCommentDocument,
    "\n  mutation TicketsDeleteComment($id: ID!) {\n    deleteTicketComment(id: $id)\n  }\n": typeof types.TicketsDeleteCommentDocument,
    "\n  query TicketsAttachments($ticketId: ID!) {\n    ticketAttachments(ticketId: $ticketId) {\n      id fileName contentType size createdAt downloadUrl\n      uploadedBy { id username displayName }\n    }\n  }\n": typeof types.TicketsAttachmentsDocument,
    "\n  mutation TicketsDeleteAttachment($id: ID!) {\n    deleteTicketAttachment(id: $id)\n  }\n": typeof types.TicketsDeleteAttachmentDocument,
    "\n  query TicketsAssignGroups {\n    availableGroups { id name }\n  }\n": typeof types.TicketsAssignGroupsDocument,
    "\n  mutation TicketsAssign($id: ID!, $assigneeId: ID, $groupId: ID) {\n    assignTicket(id: $id, assigneeId: $assigneeId, groupId: $groupId) {\n      id assigneeId groupId updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n": typeof types.TicketsAssignDocument,
};
const documents: Documents = {
    "\n  query ShellPlugins {\n    licenseInfo {\n      status\n      expiresAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n": types.ShellPluginsDocument,
    "\n  subscription ShellLicenceChanged {\n    licenseUpdated {\n      at\n    }\n  }\n": types.ShellLicenceChangedDocument,
    "\n  subscription RealtimeEntityViewers($entityType: String!, $entityId: ID!) {\n    entityViewersChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      viewers {\n        userId\n        username\n        since\n        editing\n      }\n    }\n  }\n": types.RealtimeEntityViewersDocument,
    "\n  subscription RealtimeEditLocks($entityType: String!, $entityId: ID!) {\n    editLockChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      locks {\n        field\n        userId\n        username\n        acquiredAt\n        expiresAt\n      }\n    }\n  }\n": types.RealtimeEditLocksDocument,
    "\n  mutation RealtimeAcquireEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    acquireEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n": types.RealtimeAcquireEditLockDocument,
    "\n  mutation RealtimeRenewEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    renewEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n": types.RealtimeRenewEditLockDocument,
    "\n  mutation RealtimeReleaseEditLock($entityType: String!, $entityId: ID!, $field: String!) {\n    releaseEditLock(entityType: $entityType, entityId: $entityId, field: $field)\n  }\n": types.RealtimeReleaseEditLockDocument,
    "\n  query AdminAgentKeys($includeRevoked: Boolean) {\n    agentKeys(includeRevoked: $includeRevoked) {\n      id\n      name\n      prefix\n      nodeId\n      endpoints\n      requestBudget {\n        requestsPerSecond\n        burst\n      }\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    agentKeyEndpoints\n  }\n": types.AdminAgentKeysDocument,
    "\n  mutation AdminCreateAgentKey($input: CreateAgentKeyInput!) {\n    createAgentKey(input: $input) {\n      key\n      agentKey {\n        id\n        name\n      }\n    }\n  }\n": types.AdminCreateAgentKeyDocument,
    "\n  mutation AdminRevokeAgentKey($id: ID!) {\n    revokeAgentKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.AdminRevokeAgentKeyDocument,
    "\n  query AdminAuditEvents($filter: AuditFilter, $limit: Int, $offset: Int) {\n    auditEvents(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      at\n      kind\n      action\n      actor\n      sourceAddress\n      outcome\n      errorCode\n      errorMessage\n      detail\n    }\n    auditEventCount(filter: $filter)\n  }\n": types.AdminAuditEventsDocument,
    "\n  query AdminEnvironments {\n    environments {\n      id\n      name\n      description\n      paths\n      groups {\n        groupId\n        level\n        group {\n          name\n        }\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n": types.AdminEnvironmentsDocument,
    "\n  mutation AdminCreateEnvironment($input: EnvironmentInput!) {\n    createEnvironment(input: $input) {\n      id\n    }\n  }\n": types.AdminCreateEnvironmentDocument,
    "\n  mutation AdminUpdateEnvironment($id: ID!, $input: UpdateEnvironmentInput!) {\n    updateEnvironment(id: $id, input: $input) {\n      id\n    }\n  }\n": types.AdminUpdateEnvironmentDocument,
    "\n  mutation AdminDeleteEnvironment($id: ID!) {\n    deleteEnvironment(id: $id)\n  }\n": types.AdminDeleteEnvironmentDocument,
    "\n  mutation AdminSetEnvironmentAccess($groupId: ID!, $environmentId: ID!, $level: EnvironmentAccessLevel) {\n    setGroupEnvironmentAccess(groupId: $groupId, environmentId: $environmentId, level: $level) {\n      groupId\n      level\n    }\n  }\n": types.AdminSetEnvironmentAccessDocument,
    "\n  query AdminGroupsList($search: String) {\n    groups(search: $search, limit: 500) {\n      id\n      name\n      description\n      memberCount\n    }\n  }\n": types.AdminGroupsListDocument,
    "\n  query AdminGroupDetail($id: ID!) {\n    group(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(limit: 500) {\n        id\n        username\n        displayName\n        role\n        active\n      }\n    }\n  }\n": types.AdminGroupDetailDocument,
    "\n  mutation AdminCreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      id\n      name\n    }\n  }\n": types.AdminCreateGroupDocument,
    "\n  mutation AdminUpdateGroup($id: ID!, $input: UpdateGroupInput!) {\n    updateGroup(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n": types.AdminUpdateGroupDocument,
    "\n  mutation AdminDeleteGroup($id: ID!) {\n    deleteGroup(id: $id)\n  }\n": types.AdminDeleteGroupDocument,
    "\n  mutation AdminAddGroupMember($groupId: ID!, $userId: ID!) {\n    addUserToGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n": types.AdminAddGroupMemberDocument,
    "\n  mutation AdminRemoveGroupMember($groupId: ID!, $userId: ID!) {\n    removeUserFromGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n": types.AdminRemoveGroupMemberDocument,
    "\n  query AdminLicenseInfo {\n    licenseInfo {\n      status\n      licenseId\n      customer\n      issuedAt\n      expiresAt\n      activatedAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n": types.AdminLicenseInfoDocument,
    "\n  mutation AdminTogglePlugin($name: String!, $enabled: Boolean!) {\n    togglePlugin(name: $name, enabled: $enabled) {\n      name\n      licensed\n      enabled\n      active\n    }\n  }\n": types.AdminTogglePluginDocument,
    "\n  subscription AdminLicenseUpdated {\n    licenseUpdated {\n      reason\n      customer\n      activePlugins\n      at\n    }\n  }\n": types.AdminLicenseUpdatedDocument,
    "\n  query AdminProvidersList {\n    authProviders {\n      id\n      type\n      name\n      displayName\n      enabled\n      defaultRole\n      hasSecret\n      secretError\n      userCount\n      startUrl\n      updatedAt\n      ldap {\n        url\n        startTls\n        tlsVerify\n        hasTlsCa\n        bindDn\n        userBaseDn\n        userFilter\n        usernameAttribute\n        emailAttribute\n        nameAttribute\n        uniqueIdAttribute\n        groupMembership\n        groupBaseDn\n        groupFilter\n        groupMemberAttribute\n        connectTimeoutMs\n        timeoutMs\n      }\n      oidc {\n        issuer\n        clientId\n        redirectUri\n        scopes\n        usernameClaim\n        emailClaim\n        nameClaim\n        groupsClaim\n        postLoginRedirectUri\n        allowInsecureHttp\n        timeoutMs\n      }\n    }\n  }\n": types.AdminProvidersListDocument,
    "\n  mutation AdminCreateProvider($input: CreateAuthProviderInput!) {\n    createAuthProvider(input: $input) {\n      id\n    }\n  }\n": types.AdminCreateProviderDocument,
    "\n  mutation AdminUpdateProvider($id: ID!, $input: UpdateAuthProviderInput!) {\n    updateAuthProvider(id: $id, input: $input) {\n      id\n    }\n  }\n": types.AdminUpdateProviderDocument,
    "\n  mutation AdminProviderStatus($id: ID!, $enabled: Boolean!) {\n    updateAuthProviderStatus(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n": types.AdminProviderStatusDocument,
    "\n  mutation AdminDeleteProvider($id: ID!) {\n    deleteAuthProvider(id: $id)\n  }\n": types.AdminDeleteProviderDocument,
    "\n  mutation AdminTestProvider($id: ID!, $username: String) {\n    testAuthProvider(id: $id, username: $username) {\n      success\n      failedStep\n      message\n      steps {\n        step\n        ok\n        message\n      }\n    }\n  }\n": types.AdminTestProviderDocument,
    "\n  query AdminProviderDirectory($id: ID!) {\n    authProvider(id: $id) {\n      id\n      type\n      name\n      displayName\n    }\n    ldapGroups(providerId: $id) {\n      id\n      dn\n      lastSyncedAt\n      group {\n        id\n        name\n        memberCount\n      }\n    }\n    groupMappings(providerId: $id) {\n      id\n      externalGroup\n      role\n      group {\n        id\n        name\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n": types.AdminProviderDirectoryDocument,
    "\n  mutation AdminLinkLdapGroup($input: CreateLDAPGroupInput!) {\n    createLDAPGroup(input: $input) {\n      id\n    }\n  }\n": types.AdminLinkLdapGroupDocument,
    "\n  mutation AdminUnlinkLdapGroup($id: ID!, $deleteGroup: Boolean) {\n    deleteLDAPGroup(id: $id, deleteGroup: $deleteGroup)\n  }\n": types.AdminUnlinkLdapGroupDocument,
    "\n  mutation AdminSyncLdapGroups($providerId: ID, $ldapGroupId: ID) {\n    syncLDAPGroups(providerId: $providerId, ldapGroupId: $ldapGroupId) {\n      ldapGroup {\n        id\n        dn\n      }\n      added {\n        username\n      }\n      removed {\n        username\n      }\n      provisioned {\n        username\n      }\n      unresolved\n    }\n  }\n": types.AdminSyncLdapGroupsDocument,
    "\n  mutation AdminSetGroupMapping($input: SetGroupMappingInput!) {\n    setGroupMapping(input: $input) {\n      id\n    }\n  }\n": types.AdminSetGroupMappingDocument,
    "\n  mutation AdminDeleteGroupMapping($id: ID!) {\n    deleteGroupMapping(id: $id)\n  }\n": types.AdminDeleteGroupMappingDocument,
    "\n  query AdminPermissionRules($subjectType: PolicySubjectType, $subject: String, $resource: String) {\n    permissionRules(subjectType: $subjectType, subject: $subject, resource: $resource) {\n      id\n      subjectType\n      subject\n      subjectName\n      resource\n      action\n      effect\n      environment {\n        id\n        name\n      }\n      description\n    }\n  }\n": types.AdminPermissionRulesDocument,
    "\n  query AdminPermissionRuleChoices {\n    policyResources {\n      resource\n      actions\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n    environments {\n      id\n      name\n    }\n  }\n": types.AdminPermissionRuleChoicesDocument,
    "\n  mutation AdminAddPermissionRule($input: PermissionRuleInput!) {\n    addPermissionRule(input: $input) {\n      id\n    }\n  }\n": types.AdminAddPermissionRuleDocument,
    "\n  mutation AdminUpdatePermissionRule($id: ID!, $input: UpdatePermissionRuleInput!) {\n    updatePermissionRule(id: $id, input: $input) {\n      id\n    }\n  }\n": types.AdminUpdatePermissionRuleDocument,
    "\n  mutation AdminDeletePermissionRule($id: ID!) {\n    deletePermissionRule(id: $id)\n  }\n": types.AdminDeletePermissionRuleDocument,
    "\n  query AdminUsersList($filter: UserFilter, $limit: Int, $offset: Int) {\n    users(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n    }\n    userCount(filter: $filter)\n  }\n": types.AdminUsersListDocument,
    "\n  mutation AdminCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n": types.AdminCreateUserDocument,
    "\n  query AdminUserDetail($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n      createdAt\n      groups {\n        id\n        name\n      }\n    }\n  }\n": types.AdminUserDetailDocument,
    "\n  mutation AdminUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      displayName\n      email\n      role\n      active\n    }\n  }\n": types.AdminUpdateUserDocument,
    "\n  mutation AdminDeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      active\n    }\n  }\n": types.AdminDeactivateUserDocument,
    "\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n": types.AdminDeleteUserDocument,
    "\n  mutation AdminResetPassword($userId: ID!) {\n    resetPassword(userId: $userId) {\n      token\n      expiresAt\n    }\n  }\n": types.AdminResetPasswordDocument,
    "\n  query AdminUserPicker($filter: UserFilter) {\n    users(filter: $filter, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n": types.AdminUserPickerDocument,
    "\n  query AdminWebhooksList {\n    webhooks(limit: 500) {\n      id\n      name\n      url\n      events\n      status\n      statusReason\n      consecutiveFailures\n      pendingDeliveries\n    }\n    webhookStats {\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n": types.AdminWebhooksListDocument,
    "\n  query AdminWebhookEventTypes {\n    webhookEventTypes\n  }\n": types.AdminWebhookEventTypesDocument,
    "\n  query AdminWebhookDetail($id: ID!) {\n    webhook(id: $id) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n      consecutiveFailures\n      pendingDeliveries\n      createdAt\n      createdBy\n    }\n    webhookStats(webhookId: $id) {\n      webhookId\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n": types.AdminWebhookDetailDocument,
    "\n  query AdminWebhookExecutions($filter: WebhookExecutionFilter, $limit: Int, $offset: Int) {\n    webhookExecutions(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n    webhookExecutionCount(filter: $filter)\n  }\n": types.AdminWebhookExecutionsDocument,
    "\n  mutation AdminCreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n    }\n  }\n": types.AdminCreateWebhookDocument,
    "\n  mutation AdminUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n    }\n  }\n": types.AdminUpdateWebhookDocument,
    "\n  mutation AdminDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.AdminDeleteWebhookDocument,
    "\n  mutation AdminTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n  }\n": types.AdminTestWebhookDocument,
    "\n  query FleetRootNodes {\n    operationsRootNodes {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n": types.FleetRootNodesDocument,
    "\n  query FleetNodeChildren($id: ID!, $limit: Int) {\n    operationsNodeChildren(id: $id, limit: $limit) {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n": types.FleetNodeChildrenDocument,
    "\n  query FleetNodeSearch($search: String!, $limit: Int) {\n    operationsNodes(search: $search, limit: $limit) {\n      id\n      serviceCount\n    }\n  }\n": types.FleetNodeSearchDocument,
    "\n  query FleetServicePage($filter: ServiceFilter, $sort: ServiceSort, $limit: Int, $offset: Int) {\n    services(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id\n      name\n      displayName\n      status\n      statusMessage\n      nodeId\n      statusSince\n      updatedAt\n      storage { status freePercent }\n    }\n  }\n": types.FleetServicePageDocument,
    "\n  query FleetServiceCount($filter: ServiceFilter) {\n    serviceCount(filter: $filter)\n  }\n": types.FleetServiceCountDocument,
    "\n  subscription FleetStatusChanges {\n    serviceStatusChanged {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      service { id nodeId }\n    }\n  }\n": types.FleetStatusChangesDocument,
    "\n  query FleetSavedFilters {\n    savedFilters(resource: SERVICES) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n": types.FleetSavedFiltersDocument,
    "\n  mutation FleetCreateSavedFilter($input: CreateSavedFilterInput!) {\n    createSavedFilter(input: $input) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n": types.FleetCreateSavedFilterDocument,
    "\n  mutation FleetDeleteSavedFilter($id: ID!) {\n    deleteSavedFilter(id: $id)\n  }\n": types.FleetDeleteSavedFilterDocument,
    "\n  mutation FleetSetDefaultFilter($id: ID) {\n    setDefaultFilter(resource: SERVICES, id: $id) {\n      id\n      isDefault\n    }\n  }\n": types.FleetSetDefaultFilterDocument,
    "\n  query ServicesServicePage($id: ID!) {\n    service(id: $id) {\n      id\n      name\n      displayName\n      nodeId\n      path\n      status\n      statusMessage\n      statusSince\n      criticality\n      serviceType\n      tags\n      owner {\n        id\n        username\n      }\n      team {\n        id\n        name\n      }\n      namespace\n      slaGroup\n      replicas\n      readyReplicas\n      availableReplicas\n      images\n      workloadType\n      workloadName\n      lastOperatorSync\n      dependencies {\n        dependencyType\n        targetService {\n          id\n          name\n          path\n          status\n        }\n      }\n      dependents {\n        dependencyType\n        sourceService {\n          id\n          name\n          path\n          status\n        }\n      }\n      backupExpected\n      backupMaxAgeDays\n      lastBackupAt\n      lastBackupStatus\n      backupOverdue\n      storage {\n        allocatedBytes\n        usedBytes\n        freePercent\n        status\n        storageType\n        mountPath\n        reportedAt\n      }\n      updatedAt\n    }\n  }\n": types.ServicesServicePageDocument,
    "\n  subscription ServicesStatusChanged($serviceId: ID!) {\n    serviceStatusChanged(serviceId: $serviceId) {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      origin\n    }\n  }\n": types.ServicesStatusChangedDocument,
    "\n  mutation ServicesUpdateService($id: ID!, $input: UpdateServiceInput!) {\n    updateService(id: $id, input: $input) {\n      id\n      displayName\n      criticality\n      serviceType\n      updatedAt\n    }\n  }\n": types.ServicesUpdateServiceDocument,
    "\n  query ServicesSlaTrends($serviceId: ID!) {\n    slaSnapshotTrend(serviceId: $serviceId, hoursBack: 24) {\n      periodKey\n      periodStart\n      actualValue\n      targetValue\n      incidentCount\n      downtimeMinutes\n      status\n    }\n    slaTrendData(filter: { periodType: DAILY, serviceId: $serviceId, monthsBack: 1 }) {\n      periodKey\n      periodStart\n      actualValue\n      status\n    }\n  }\n": types.ServicesSlaTrendsDocument,
    "\n  query ServicesSlaDefinitions {\n    slaDefinitions {\n      id\n      name\n      targetPercent\n      period\n      assignments {\n        id\n        slaGroup\n        service {\n          id\n        }\n      }\n    }\n  }\n": types.ServicesSlaDefinitionsDocument,
    "\n  query ServicesSlaCurrentPeriod($slaDefinitionId: ID!) {\n    slaPeriodResults(slaDefinitionId: $slaDefinitionId, limit: 1) {\n      periodKey\n      services {\n        serviceId\n        targetValue\n        actualValue\n        coveragePercent\n        errorBudgetRemainingMinutes\n        downtimeMinutes\n        status\n      }\n    }\n  }\n": types.ServicesSlaCurrentPeriodDocument,
    "\n  query ServicesOpenIncidents($serviceId: ID!) {\n    slaIncidents(filter: { serviceId: $serviceId, open: true }, limit: 20) {\n      id\n      title\n      severity\n      source\n      startedAt\n    }\n  }\n": types.ServicesOpenIncidentsDocument,
    "\n  query ServicesMaintenanceWindows($serviceId: ID!) {\n    slaExclusionWindows(filter: { serviceId: $serviceId }, limit: 10) {\n      id\n      reason\n      startedAt\n      expectedEndAt\n      endedAt\n      endedBy\n      active\n      createdVia\n      createdBy {\n        id\n        username\n      }\n      endedByUser {\n        id\n        username\n      }\n    }\n  }\n": types.ServicesMaintenanceWindowsDocument,
    "\n  mutation ServicesStartMaintenance($input: CreateExclusionWindowInput!) {\n    createExclusionWindow(input: $input) {\n      id\n      active\n    }\n  }\n": types.ServicesStartMaintenanceDocument,
    "\n  mutation ServicesStopMaintenance($id: ID!) {\n    stopExclusionWindow(id: $id) {\n      id\n      active\n      endedAt\n    }\n  }\n": types.ServicesStopMaintenanceDocument,
    "\n  subscription SlaLiveEvents {\n    entityEvents(entityType: \"sla\", entityId: \"all\") {\n      event entityId at data\n    }\n  }\n": types.SlaLiveEventsDocument,
    "\n  query SlaTrend($filter: SLATrendFilter!) {\n    slaTrendData(filter: $filter) {\n      periodKey periodStart actualValue status\n    }\n  }\n": types.SlaTrendDocument,
    "\n  query SlaServiceSearch($search: String!) {\n    services(filter: { search: $search }, limit: 8) {\n      id name path\n    }\n  }\n": types.SlaServiceSearchDocument,
    "\n  query SlaOverview {\n    slaDashboardStats {\n      totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime\n    }\n    slaAlerts(filter: { statuses: [OPEN, ACKNOWLEDGED] }, limit: 8) {\n      id kind status message raisedAt\n      service {\n        id name\n      }\n    }\n    openAlertCount: slaAlertCount(filter: { statuses: [OPEN] })\n    slaIncidents(filter: { open: true }, limit: 8) {\n      id title severity startedAt\n      service {\n        id name\n      }\n    }\n    openIncidentCount: slaIncidentCount(filter: { open: true })\n  }\n": types.SlaOverviewDocument,
    "\n  query SlaIncidentsList($filter: SLAIncidentFilter, $limit: Int) {\n    slaIncidents(filter: $filter, limit: $limit) {\n      id title severity source open startedAt endedAt serviceId\n      service {\n        id name\n      }\n    }\n    slaIncidentCount(filter: $filter)\n  }\n": types.SlaIncidentsListDocument,
    "\n  query SlaIncidentPage($id: ID!) {\n    slaIncident(id: $id) {\n      id title description severity source open startedAt endedAt resolution serviceId\n      service {\n        id name\n      }\n      definitions {\n        id name\n      }\n    }\n  }\n": types.SlaIncidentPageDocument,
    "\n  query SlaIncidentTicket($id: ID!) {\n    slaIncident(id: $id) {\n      id\n      ticket {\n        id number status\n      }\n    }\n  }\n": types.SlaIncidentTicketDocument,
    "\n  query SlaGroupsList {\n    slaGroups {\n      id name displayName tier status currentUptime\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      services {\n        serviceName status\n        backupStatus {\n          backupOverdue\n        }\n      }\n    }\n  }\n": types.SlaGroupsListDocument,
    "\n  query SlaGroupPage($name: String!) {\n    slaGroup(name: $name) {\n      id name displayName tier status currentUptime updatedAt\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      definitions {\n        id name targetPercent period\n      }\n      services {\n        serviceId serviceName status replicas readyReplicas\n        backupStatus {\n          backupExpected lastBackupAt lastBackupStatus backupMaxAgeDays backupOverdue\n        }\n      }\n    }\n  }\n": types.SlaGroupPageDocument,
    "\n  mutation SlaGroupOverride($group: String!, $uptime: Float) {\n    setSLAGroupTargetOverride(group: $group, uptime: $uptime) {\n      id\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n    }\n  }\n": types.SlaGroupOverrideDocument,
    "\n  query SlaEventLogList($filter: SLAEventLogFilter, $limit: Int) {\n    slaEventLog(filter: $filter, limit: $limit) {\n      id at kind origin\n      actor {\n        username\n      }\n      definitionId serviceId slaGroup incidentId alertId data\n    }\n    slaEventLogCount(filter: $filter)\n  }\n": types.SlaEventLogListDocument,
    "\n  query SlaDefinitionsList {\n    slaDefinitions {\n      id name description targetPercent period degradedCountsAsDown timeZone updatedAt\n      targets {\n        id\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n": types.SlaDefinitionsListDocument,
    "\n  query SlaDefinitionPage($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n      targets {\n        id scope scopeValue targetPercent\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n": types.SlaDefinitionPageDocument,
    "\n  mutation SlaDeleteDefinition($id: ID!) {\n    deleteSLADefinition(id: $id)\n  }\n": types.SlaDeleteDefinitionDocument,
    "\n  query SlaDefinitionPeriods($id: ID!) {\n    slaPeriodResults(slaDefinitionId: $id, limit: 6) {\n      periodKey final serviceCount targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes\n      errorBudgetUsedMinutes errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      services {\n        serviceId\n        service {\n          name\n        }\n        targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes errorBudgetUsedMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      }\n    }\n  }\n": types.SlaDefinitionPeriodsDocument,
    "\n  mutation SlaCreateDefinition($input: CreateSLADefinitionInput!) {\n    createSLADefinition(input: $input) {\n      id name\n    }\n  }\n": types.SlaCreateDefinitionDocument,
    "\n  query SlaDefinitionToEdit($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n": types.SlaDefinitionToEditDocument,
    "\n  mutation SlaUpdateDefinition($id: ID!, $input: UpdateSLADefinitionInput!) {\n    updateSLADefinition(id: $id, input: $input) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n": types.SlaUpdateDefinitionDocument,
    "\n  query SlaGroupNames {\n    slaGroups {\n      id name displayName tier\n    }\n  }\n": types.SlaGroupNamesDocument,
    "\n  mutation SlaSetTarget($input: CreateSLATargetInput!) {\n    createSLATarget(input: $input) {\n      id scope scopeValue targetPercent\n    }\n  }\n": types.SlaSetTargetDocument,
    "\n  mutation SlaDeleteTarget($id: ID!) {\n    deleteSLATarget(id: $id)\n  }\n": types.SlaDeleteTargetDocument,
    "\n  mutation SlaAssign($input: AssignSLAInput!) {\n    assignSLAToService(input: $input) {\n      id\n    }\n  }\n": types.SlaAssignDocument,
    "\n  mutation SlaUnassign($id: ID!) {\n    unassignSLA(id: $id)\n  }\n": types.SlaUnassignDocument,
    "\n  query SlaDailyReportPage($day: String) {\n    slaDailyReport(day: $day) {\n      day generatedAt trigger slaCount metCount atRiskCount breachedCount noDataCount csv\n      rows {\n        slaId slaName targetPercent periodType periodKey serviceCount status actualValue downtimeMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount\n      }\n    }\n    slaDailyReports(limit: 30) {\n      day generatedAt trigger slaCount breachedCount\n    }\n  }\n": types.SlaDailyReportPageDocument,
    "\n  mutation SlaGenerateDailyReport {\n    generateSLADailyReport {\n      day generatedAt\n    }\n  }\n": types.SlaGenerateDailyReportDocument,
    "\n  query SlaAlertsList($filter: SLAAlertFilter, $limit: Int) {\n    slaAlerts(filter: $filter, limit: $limit) {\n      id kind status message serviceId\n      service {\n        id name\n      }\n      definitionId\n      definition {\n        id name\n      }\n      slaGroup raisedAt acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n      resolvedAt\n    }\n    slaAlertCount(filter: $filter)\n  }\n": types.SlaAlertsListDocument,
    "\n  mutation SlaAcknowledgeAlert($id: ID!) {\n    acknowledgeSLAAlert(id: $id) {\n      id status acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n    }\n  }\n": types.SlaAcknowledgeAlertDocument,
    "\n  subscription TicketsEntityEvents($entityId: ID!) {\n    entityEvents(entityType: \"ticket\", entityId: $entityId) {\n      event\n      entityId\n      at\n    }\n  }\n": types.TicketsEntityEventsDocument,
    "\n  subscription TicketsNotifications {\n    notificationReceived {\n      notification {\n        id\n        type\n        entityType\n        entityId\n      }\n    }\n  }\n": types.TicketsNotificationsDocument,
    "\n  query TicketsUserSearch($search: String) {\n    users(filter: { search: $search, active: true }, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n": types.TicketsUserSearchDocument,
    "\n  query TicketsServiceSearch($search: String) {\n    services(filter: { search: $search }, limit: 20) {\n      id\n      name\n      displayName\n      nodeId\n    }\n  }\n": types.TicketsServiceSearchDocument,
    "\n  query TicketsWorklog($ticketId: ID!) {\n    ticketWorklog(ticketId: $ticketId, limit: 200) {\n      totalMinutes\n      count\n      entries {\n        id authorId minutes note workedAt\n        author { id username displayName }\n      }\n    }\n  }\n": types.TicketsWorklogDocument,
    "\n  mutation TicketsLogWork($ticketId: ID!, $minutes: Int!, $note: String) {\n    logTicketWork(ticketId: $ticketId, minutes: $minutes, note: $note) { id minutes }\n  }\n": types.TicketsLogWorkDocument,
    "\n  mutation TicketsDeleteWork($id: ID!) {\n    deleteTicketWorklog(id: $id)\n  }\n": types.TicketsDeleteWorkDocument,
    "\n  query TicketsWatchers($ticketId: ID!) {\n    ticketWatchers(ticketId: $ticketId) {\n      userId since\n      user { id username displayName }\n    }\n  }\n": types.TicketsWatchersDocument,
    "\n  mutation TicketsWatch($ticketId: ID!, $userId: ID) {\n    watchTicket(ticketId: $ticketId, userId: $userId) { userId }\n  }\n": types.TicketsWatchDocument,
    "\n  mutation TicketsUnwatch($ticketId: ID!, $userId: ID) {\n    unwatchTicket(ticketId: $ticketId, userId: $userId)\n  }\n": types.TicketsUnwatchDocument,
    "\n  query TicketsTicketPage($id: ID!) {\n    ticket(id: $id) {\n      id number title description type status statusCategory workflowName availableTransitions impact urgency priority\n      catalogItemName requesterId assigneeId responseDueAt resolutionDueAt minutesUntilDue slaPaused responseBreached resolutionBreached\n      respondedAt resolvedAt createdAt updatedAt deletedAt\n      service { id name displayName }\n      requester { id username displayName }\n      assignee { id username displayName }\n      group { id name }\n    }\n    availableWorkflows {\n      name\n      states { name category }\n      transitions { name to }\n    }\n  }\n": types.TicketsTicketPageDocument,
    "\n  query TicketsList($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    tickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n    ticketCount(filter: $filter)\n  }\n": types.TicketsListDocument,
    "\n  query TicketsMine($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    myTickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n": types.TicketsMineDocument,
    "\n  query TicketsGroups {\n    availableGroups {\n      id\n      name\n    }\n  }\n": types.TicketsGroupsDocument,
    "\n  mutation TicketsUpdate($id: ID!, $input: UpdateTicketInput!) {\n    updateTicket(id: $id, input: $input) { id title description impact urgency priority minutesUntilDue responseDueAt resolutionDueAt updatedAt }\n  }\n": types.TicketsUpdateDocument,
    "\n  query TicketsByNumber($number: String!) {\n    ticketByNumber(number: $number) { id }\n  }\n": types.TicketsByNumberDocument,
    "\n  mutation TicketsTransition($id: ID!, $transition: String!) {\n    transitionTicket(id: $id, transition: $transition) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": types.TicketsTransitionDocument,
    "\n  mutation TicketsResolve($id: ID!) {\n    resolveTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": types.TicketsResolveDocument,
    "\n  mutation TicketsClose($id: ID!) {\n    closeTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": types.TicketsCloseDocument,
    "\n  mutation TicketsReopen($id: ID!) {\n    reopenTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n": types.TicketsReopenDocument,
    "\n  mutation TicketsPauseSla($id: ID!) {\n    pauseTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n": types.TicketsPauseSlaDocument,
    "\n  mutation TicketsResumeSla($id: ID!) {\n    resumeTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n": types.TicketsResumeSlaDocument,
    "\n  mutation TicketsDelete($id: ID!) {\n    deleteTicket(id: $id)\n  }\n": types.TicketsDeleteDocument,
    "\n  mutation TicketsRestore($id: ID!) {\n    restoreTicket(id: $id) { id deletedAt updatedAt }\n  }\n": types.TicketsRestoreDocument,
    "\n  query TicketsRelations($ticketId: ID!) {\n    ticketRelations(ticketId: $ticketId) {\n      id type relatedTicketId\n      relatedTicket { id number title status }\n    }\n  }\n": types.TicketsRelationsDocument,
    "\n  query TicketsRelationTarget($number: String!) {\n    ticketByNumber(number: $number) { id number }\n  }\n": types.TicketsRelationTargetDocument,
    "\n  mutation TicketsLink($sourceId: ID!, $targetId: ID!, $type: TicketRelationType!) {\n    linkTickets(sourceId: $sourceId, targetId: $targetId, type: $type) { id }\n  }\n": types.TicketsLinkDocument,
    "\n  mutation TicketsUnlink($sourceId: ID!, $targetId: ID!) {\n    unlinkTickets(sourceId: $sourceId, targetId: $targetId)\n  }\n": types.TicketsUnlinkDocument,
    "\n  query TicketsCatalog {\n    availableCatalogCategories { name description itemCount }\n    availableCatalogItems { name categoryName description ticketType workflowName group { id name } }\n  }\n": types.TicketsCatalogDocument,
    "\n  mutation TicketsCreate($input: CreateTicketInput!) {\n    createTicket(input: $input) { id number }\n  }\n": types.TicketsCreateDocument,
    "\n  query TicketsStatusHistory($ticketId: ID!) {\n    ticketStatusHistory(ticketId: $ticketId) {\n      id fromStatus toStatus transition at\n      actor { id username displayName }\n    }\n  }\n": types.TicketsStatusHistoryDocument,
    "\n  query TicketsComments($ticketId: ID!) {\n    ticketComments(ticketId: $ticketId, limit: 500) {\n      total\n      comments {\n        id authorId system body createdAt editedAt\n        author { id username displayName }\n      }\n    }\n  }\n": types.TicketsCommentsDocument,
    "\n  mutation TicketsAddComment($ticketId: ID!, $body: String!) {\n    addTicketComment(ticketId: $ticketId, body: $body) { id body }\n  }\n": types.TicketsAddCommentDocument,
    "\n  mutation TicketsEditComment($id: ID!, $body: String!) {\n    editTicketComment(id: $id, body: $body) { id body editedAt }\n  }\n": types.TicketsEditCommentDocument,
    "\n  mutation TicketsDeleteComment($id: ID!) {\n    deleteTicketComment(id: $id)\n  }\n": types.TicketsDeleteCommentDocument,
    "\n  query TicketsAttachments($ticketId: ID!) {\n    ticketAttachments(ticketId: $ticketId) {\n      id fileName contentType size createdAt downloadUrl\n      uploadedBy { id username displayName }\n    }\n  }\n": types.TicketsAttachmentsDocument,
    "\n  mutation TicketsDeleteAttachment($id: ID!) {\n    deleteTicketAttachment(id: $id)\n  }\n": types.TicketsDeleteAttachmentDocument,
    "\n  query TicketsAssignGroups {\n    availableGroups { id name }\n  }\n": types.TicketsAssignGroupsDocument,
    "\n  mutation TicketsAssign($id: ID!, $assigneeId: ID, $groupId: ID) {\n    assignTicket(id: $id, assigneeId: $assigneeId, groupId: $groupId) {\n      id assigneeId groupId updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n": types.TicketsAssignDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShellPlugins {\n    licenseInfo {\n      status\n      expiresAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  query ShellPlugins {\n    licenseInfo {\n      status\n      expiresAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ShellLicenceChanged {\n    licenseUpdated {\n      at\n    }\n  }\n"): (typeof documents)["\n  subscription ShellLicenceChanged {\n    licenseUpdated {\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RealtimeEntityViewers($entityType: String!, $entityId: ID!) {\n    entityViewersChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      viewers {\n        userId\n        username\n        since\n        editing\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription RealtimeEntityViewers($entityType: String!, $entityId: ID!) {\n    entityViewersChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      viewers {\n        userId\n        username\n        since\n        editing\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription RealtimeEditLocks($entityType: String!, $entityId: ID!) {\n    editLockChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      locks {\n        field\n        userId\n        username\n        acquiredAt\n        expiresAt\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription RealtimeEditLocks($entityType: String!, $entityId: ID!) {\n    editLockChanged(entityType: $entityType, entityId: $entityId) {\n      entityType\n      entityId\n      locks {\n        field\n        userId\n        username\n        acquiredAt\n        expiresAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RealtimeAcquireEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    acquireEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation RealtimeAcquireEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    acquireEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RealtimeRenewEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    renewEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation RealtimeRenewEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {\n    renewEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {\n      field\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RealtimeReleaseEditLock($entityType: String!, $entityId: ID!, $field: String!) {\n    releaseEditLock(entityType: $entityType, entityId: $entityId, field: $field)\n  }\n"): (typeof documents)["\n  mutation RealtimeReleaseEditLock($entityType: String!, $entityId: ID!, $field: String!) {\n    releaseEditLock(entityType: $entityType, entityId: $entityId, field: $field)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAgentKeys($includeRevoked: Boolean) {\n    agentKeys(includeRevoked: $includeRevoked) {\n      id\n      name\n      prefix\n      nodeId\n      endpoints\n      requestBudget {\n        requestsPerSecond\n        burst\n      }\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    agentKeyEndpoints\n  }\n"): (typeof documents)["\n  query AdminAgentKeys($includeRevoked: Boolean) {\n    agentKeys(includeRevoked: $includeRevoked) {\n      id\n      name\n      prefix\n      nodeId\n      endpoints\n      requestBudget {\n        requestsPerSecond\n        burst\n      }\n      createdAt\n      lastUsedAt\n      revokedAt\n    }\n    agentKeyEndpoints\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateAgentKey($input: CreateAgentKeyInput!) {\n    createAgentKey(input: $input) {\n      key\n      agentKey {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateAgentKey($input: CreateAgentKeyInput!) {\n    createAgentKey(input: $input) {\n      key\n      agentKey {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRevokeAgentKey($id: ID!) {\n    revokeAgentKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRevokeAgentKey($id: ID!) {\n    revokeAgentKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAuditEvents($filter: AuditFilter, $limit: Int, $offset: Int) {\n    auditEvents(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      at\n      kind\n      action\n      actor\n      sourceAddress\n      outcome\n      errorCode\n      errorMessage\n      detail\n    }\n    auditEventCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query AdminAuditEvents($filter: AuditFilter, $limit: Int, $offset: Int) {\n    auditEvents(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      at\n      kind\n      action\n      actor\n      sourceAddress\n      outcome\n      errorCode\n      errorMessage\n      detail\n    }\n    auditEventCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminEnvironments {\n    environments {\n      id\n      name\n      description\n      paths\n      groups {\n        groupId\n        level\n        group {\n          name\n        }\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query AdminEnvironments {\n    environments {\n      id\n      name\n      description\n      paths\n      groups {\n        groupId\n        level\n        group {\n          name\n        }\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateEnvironment($input: EnvironmentInput!) {\n    createEnvironment(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateEnvironment($input: EnvironmentInput!) {\n    createEnvironment(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateEnvironment($id: ID!, $input: UpdateEnvironmentInput!) {\n    updateEnvironment(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateEnvironment($id: ID!, $input: UpdateEnvironmentInput!) {\n    updateEnvironment(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteEnvironment($id: ID!) {\n    deleteEnvironment(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteEnvironment($id: ID!) {\n    deleteEnvironment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetEnvironmentAccess($groupId: ID!, $environmentId: ID!, $level: EnvironmentAccessLevel) {\n    setGroupEnvironmentAccess(groupId: $groupId, environmentId: $environmentId, level: $level) {\n      groupId\n      level\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetEnvironmentAccess($groupId: ID!, $environmentId: ID!, $level: EnvironmentAccessLevel) {\n    setGroupEnvironmentAccess(groupId: $groupId, environmentId: $environmentId, level: $level) {\n      groupId\n      level\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminGroupsList($search: String) {\n    groups(search: $search, limit: 500) {\n      id\n      name\n      description\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  query AdminGroupsList($search: String) {\n    groups(search: $search, limit: 500) {\n      id\n      name\n      description\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminGroupDetail($id: ID!) {\n    group(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(limit: 500) {\n        id\n        username\n        displayName\n        role\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminGroupDetail($id: ID!) {\n    group(id: $id) {\n      id\n      name\n      description\n      memberCount\n      members(limit: 500) {\n        id\n        username\n        displayName\n        role\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateGroup($input: CreateGroupInput!) {\n    createGroup(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateGroup($id: ID!, $input: UpdateGroupInput!) {\n    updateGroup(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateGroup($id: ID!, $input: UpdateGroupInput!) {\n    updateGroup(id: $id, input: $input) {\n      id\n      name\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteGroup($id: ID!) {\n    deleteGroup(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteGroup($id: ID!) {\n    deleteGroup(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminAddGroupMember($groupId: ID!, $userId: ID!) {\n    addUserToGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  mutation AdminAddGroupMember($groupId: ID!, $userId: ID!) {\n    addUserToGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRemoveGroupMember($groupId: ID!, $userId: ID!) {\n    removeUserFromGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRemoveGroupMember($groupId: ID!, $userId: ID!) {\n    removeUserFromGroup(groupId: $groupId, userId: $userId) {\n      id\n      memberCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminLicenseInfo {\n    licenseInfo {\n      status\n      licenseId\n      customer\n      issuedAt\n      expiresAt\n      activatedAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminLicenseInfo {\n    licenseInfo {\n      status\n      licenseId\n      customer\n      issuedAt\n      expiresAt\n      activatedAt\n      plugins {\n        name\n        licensed\n        enabled\n        active\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTogglePlugin($name: String!, $enabled: Boolean!) {\n    togglePlugin(name: $name, enabled: $enabled) {\n      name\n      licensed\n      enabled\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTogglePlugin($name: String!, $enabled: Boolean!) {\n    togglePlugin(name: $name, enabled: $enabled) {\n      name\n      licensed\n      enabled\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AdminLicenseUpdated {\n    licenseUpdated {\n      reason\n      customer\n      activePlugins\n      at\n    }\n  }\n"): (typeof documents)["\n  subscription AdminLicenseUpdated {\n    licenseUpdated {\n      reason\n      customer\n      activePlugins\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProvidersList {\n    authProviders {\n      id\n      type\n      name\n      displayName\n      enabled\n      defaultRole\n      hasSecret\n      secretError\n      userCount\n      startUrl\n      updatedAt\n      ldap {\n        url\n        startTls\n        tlsVerify\n        hasTlsCa\n        bindDn\n        userBaseDn\n        userFilter\n        usernameAttribute\n        emailAttribute\n        nameAttribute\n        uniqueIdAttribute\n        groupMembership\n        groupBaseDn\n        groupFilter\n        groupMemberAttribute\n        connectTimeoutMs\n        timeoutMs\n      }\n      oidc {\n        issuer\n        clientId\n        redirectUri\n        scopes\n        usernameClaim\n        emailClaim\n        nameClaim\n        groupsClaim\n        postLoginRedirectUri\n        allowInsecureHttp\n        timeoutMs\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminProvidersList {\n    authProviders {\n      id\n      type\n      name\n      displayName\n      enabled\n      defaultRole\n      hasSecret\n      secretError\n      userCount\n      startUrl\n      updatedAt\n      ldap {\n        url\n        startTls\n        tlsVerify\n        hasTlsCa\n        bindDn\n        userBaseDn\n        userFilter\n        usernameAttribute\n        emailAttribute\n        nameAttribute\n        uniqueIdAttribute\n        groupMembership\n        groupBaseDn\n        groupFilter\n        groupMemberAttribute\n        connectTimeoutMs\n        timeoutMs\n      }\n      oidc {\n        issuer\n        clientId\n        redirectUri\n        scopes\n        usernameClaim\n        emailClaim\n        nameClaim\n        groupsClaim\n        postLoginRedirectUri\n        allowInsecureHttp\n        timeoutMs\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateProvider($input: CreateAuthProviderInput!) {\n    createAuthProvider(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateProvider($input: CreateAuthProviderInput!) {\n    createAuthProvider(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateProvider($id: ID!, $input: UpdateAuthProviderInput!) {\n    updateAuthProvider(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateProvider($id: ID!, $input: UpdateAuthProviderInput!) {\n    updateAuthProvider(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminProviderStatus($id: ID!, $enabled: Boolean!) {\n    updateAuthProviderStatus(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n"): (typeof documents)["\n  mutation AdminProviderStatus($id: ID!, $enabled: Boolean!) {\n    updateAuthProviderStatus(id: $id, enabled: $enabled) {\n      id\n      enabled\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteProvider($id: ID!) {\n    deleteAuthProvider(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteProvider($id: ID!) {\n    deleteAuthProvider(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestProvider($id: ID!, $username: String) {\n    testAuthProvider(id: $id, username: $username) {\n      success\n      failedStep\n      message\n      steps {\n        step\n        ok\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestProvider($id: ID!, $username: String) {\n    testAuthProvider(id: $id, username: $username) {\n      success\n      failedStep\n      message\n      steps {\n        step\n        ok\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminProviderDirectory($id: ID!) {\n    authProvider(id: $id) {\n      id\n      type\n      name\n      displayName\n    }\n    ldapGroups(providerId: $id) {\n      id\n      dn\n      lastSyncedAt\n      group {\n        id\n        name\n        memberCount\n      }\n    }\n    groupMappings(providerId: $id) {\n      id\n      externalGroup\n      role\n      group {\n        id\n        name\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query AdminProviderDirectory($id: ID!) {\n    authProvider(id: $id) {\n      id\n      type\n      name\n      displayName\n    }\n    ldapGroups(providerId: $id) {\n      id\n      dn\n      lastSyncedAt\n      group {\n        id\n        name\n        memberCount\n      }\n    }\n    groupMappings(providerId: $id) {\n      id\n      externalGroup\n      role\n      group {\n        id\n        name\n      }\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminLinkLdapGroup($input: CreateLDAPGroupInput!) {\n    createLDAPGroup(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminLinkLdapGroup($input: CreateLDAPGroupInput!) {\n    createLDAPGroup(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUnlinkLdapGroup($id: ID!, $deleteGroup: Boolean) {\n    deleteLDAPGroup(id: $id, deleteGroup: $deleteGroup)\n  }\n"): (typeof documents)["\n  mutation AdminUnlinkLdapGroup($id: ID!, $deleteGroup: Boolean) {\n    deleteLDAPGroup(id: $id, deleteGroup: $deleteGroup)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSyncLdapGroups($providerId: ID, $ldapGroupId: ID) {\n    syncLDAPGroups(providerId: $providerId, ldapGroupId: $ldapGroupId) {\n      ldapGroup {\n        id\n        dn\n      }\n      added {\n        username\n      }\n      removed {\n        username\n      }\n      provisioned {\n        username\n      }\n      unresolved\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSyncLdapGroups($providerId: ID, $ldapGroupId: ID) {\n    syncLDAPGroups(providerId: $providerId, ldapGroupId: $ldapGroupId) {\n      ldapGroup {\n        id\n        dn\n      }\n      added {\n        username\n      }\n      removed {\n        username\n      }\n      provisioned {\n        username\n      }\n      unresolved\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetGroupMapping($input: SetGroupMappingInput!) {\n    setGroupMapping(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetGroupMapping($input: SetGroupMappingInput!) {\n    setGroupMapping(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteGroupMapping($id: ID!) {\n    deleteGroupMapping(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteGroupMapping($id: ID!) {\n    deleteGroupMapping(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPermissionRules($subjectType: PolicySubjectType, $subject: String, $resource: String) {\n    permissionRules(subjectType: $subjectType, subject: $subject, resource: $resource) {\n      id\n      subjectType\n      subject\n      subjectName\n      resource\n      action\n      effect\n      environment {\n        id\n        name\n      }\n      description\n    }\n  }\n"): (typeof documents)["\n  query AdminPermissionRules($subjectType: PolicySubjectType, $subject: String, $resource: String) {\n    permissionRules(subjectType: $subjectType, subject: $subject, resource: $resource) {\n      id\n      subjectType\n      subject\n      subjectName\n      resource\n      action\n      effect\n      environment {\n        id\n        name\n      }\n      description\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminPermissionRuleChoices {\n    policyResources {\n      resource\n      actions\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n    environments {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query AdminPermissionRuleChoices {\n    policyResources {\n      resource\n      actions\n    }\n    groups(limit: 500) {\n      id\n      name\n    }\n    environments {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminAddPermissionRule($input: PermissionRuleInput!) {\n    addPermissionRule(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminAddPermissionRule($input: PermissionRuleInput!) {\n    addPermissionRule(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdatePermissionRule($id: ID!, $input: UpdatePermissionRuleInput!) {\n    updatePermissionRule(id: $id, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdatePermissionRule($id: ID!, $input: UpdatePermissionRuleInput!) {\n    updatePermissionRule(id: $id, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeletePermissionRule($id: ID!) {\n    deletePermissionRule(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeletePermissionRule($id: ID!) {\n    deletePermissionRule(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsersList($filter: UserFilter, $limit: Int, $offset: Int) {\n    users(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n    }\n    userCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query AdminUsersList($filter: UserFilter, $limit: Int, $offset: Int) {\n    users(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n    }\n    userCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUserDetail($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n      createdAt\n      groups {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminUserDetail($id: ID!) {\n    user(id: $id) {\n      id\n      username\n      displayName\n      email\n      role\n      active\n      authSource\n      lastLoginAt\n      createdAt\n      groups {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      displayName\n      email\n      role\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateUser($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      displayName\n      email\n      role\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation AdminDeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteUser($id: ID!) {\n    deleteUser(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminResetPassword($userId: ID!) {\n    resetPassword(userId: $userId) {\n      token\n      expiresAt\n    }\n  }\n"): (typeof documents)["\n  mutation AdminResetPassword($userId: ID!) {\n    resetPassword(userId: $userId) {\n      token\n      expiresAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUserPicker($filter: UserFilter) {\n    users(filter: $filter, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query AdminUserPicker($filter: UserFilter) {\n    users(filter: $filter, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWebhooksList {\n    webhooks(limit: 500) {\n      id\n      name\n      url\n      events\n      status\n      statusReason\n      consecutiveFailures\n      pendingDeliveries\n    }\n    webhookStats {\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n"): (typeof documents)["\n  query AdminWebhooksList {\n    webhooks(limit: 500) {\n      id\n      name\n      url\n      events\n      status\n      statusReason\n      consecutiveFailures\n      pendingDeliveries\n    }\n    webhookStats {\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWebhookEventTypes {\n    webhookEventTypes\n  }\n"): (typeof documents)["\n  query AdminWebhookEventTypes {\n    webhookEventTypes\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWebhookDetail($id: ID!) {\n    webhook(id: $id) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n      consecutiveFailures\n      pendingDeliveries\n      createdAt\n      createdBy\n    }\n    webhookStats(webhookId: $id) {\n      webhookId\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n"): (typeof documents)["\n  query AdminWebhookDetail($id: ID!) {\n    webhook(id: $id) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n      consecutiveFailures\n      pendingDeliveries\n      createdAt\n      createdBy\n    }\n    webhookStats(webhookId: $id) {\n      webhookId\n      deliveries\n      delivered\n      failed\n      pending\n      attempts\n      successes\n      failures\n      refused\n      averageDurationMs\n      lastSuccessAt\n      lastFailureAt\n      since\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminWebhookExecutions($filter: WebhookExecutionFilter, $limit: Int, $offset: Int) {\n    webhookExecutions(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n    webhookExecutionCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query AdminWebhookExecutions($filter: WebhookExecutionFilter, $limit: Int, $offset: Int) {\n    webhookExecutions(filter: $filter, limit: $limit, offset: $offset) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n    webhookExecutionCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminCreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation AdminCreateWebhook($input: CreateWebhookInput!) {\n    createWebhook(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n    }\n  }\n"): (typeof documents)["\n  mutation AdminUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {\n    updateWebhook(id: $id, input: $input) {\n      id\n      name\n      url\n      method\n      hasSecret\n      secretError\n      headers {\n        name\n        hasValue\n      }\n      headersError\n      events\n      filters\n      customPayloadTemplate\n      timeoutMs\n      retryMax\n      retryDelayMs\n      retryBackoff\n      status\n      statusReason\n      statusChangedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): (typeof documents)["\n  mutation AdminDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n      eventId\n      event\n      test\n      attempt\n      status\n      statusCode\n      durationMs\n      responseExcerpt\n      error\n      url\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FleetRootNodes {\n    operationsRootNodes {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n"): (typeof documents)["\n  query FleetRootNodes {\n    operationsRootNodes {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FleetNodeChildren($id: ID!, $limit: Int) {\n    operationsNodeChildren(id: $id, limit: $limit) {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n"): (typeof documents)["\n  query FleetNodeChildren($id: ID!, $limit: Int) {\n    operationsNodeChildren(id: $id, limit: $limit) {\n      id\n      name\n      depth\n      childCount\n      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FleetNodeSearch($search: String!, $limit: Int) {\n    operationsNodes(search: $search, limit: $limit) {\n      id\n      serviceCount\n    }\n  }\n"): (typeof documents)["\n  query FleetNodeSearch($search: String!, $limit: Int) {\n    operationsNodes(search: $search, limit: $limit) {\n      id\n      serviceCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FleetServicePage($filter: ServiceFilter, $sort: ServiceSort, $limit: Int, $offset: Int) {\n    services(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id\n      name\n      displayName\n      status\n      statusMessage\n      nodeId\n      statusSince\n      updatedAt\n      storage { status freePercent }\n    }\n  }\n"): (typeof documents)["\n  query FleetServicePage($filter: ServiceFilter, $sort: ServiceSort, $limit: Int, $offset: Int) {\n    services(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id\n      name\n      displayName\n      status\n      statusMessage\n      nodeId\n      statusSince\n      updatedAt\n      storage { status freePercent }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FleetServiceCount($filter: ServiceFilter) {\n    serviceCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query FleetServiceCount($filter: ServiceFilter) {\n    serviceCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription FleetStatusChanges {\n    serviceStatusChanged {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      service { id nodeId }\n    }\n  }\n"): (typeof documents)["\n  subscription FleetStatusChanges {\n    serviceStatusChanged {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      service { id nodeId }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FleetSavedFilters {\n    savedFilters(resource: SERVICES) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n"): (typeof documents)["\n  query FleetSavedFilters {\n    savedFilters(resource: SERVICES) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FleetCreateSavedFilter($input: CreateSavedFilterInput!) {\n    createSavedFilter(input: $input) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n"): (typeof documents)["\n  mutation FleetCreateSavedFilter($input: CreateSavedFilterInput!) {\n    createSavedFilter(input: $input) {\n      id\n      name\n      filter\n      isOwn\n      isDefault\n      ownerUsername\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FleetDeleteSavedFilter($id: ID!) {\n    deleteSavedFilter(id: $id)\n  }\n"): (typeof documents)["\n  mutation FleetDeleteSavedFilter($id: ID!) {\n    deleteSavedFilter(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FleetSetDefaultFilter($id: ID) {\n    setDefaultFilter(resource: SERVICES, id: $id) {\n      id\n      isDefault\n    }\n  }\n"): (typeof documents)["\n  mutation FleetSetDefaultFilter($id: ID) {\n    setDefaultFilter(resource: SERVICES, id: $id) {\n      id\n      isDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicesServicePage($id: ID!) {\n    service(id: $id) {\n      id\n      name\n      displayName\n      nodeId\n      path\n      status\n      statusMessage\n      statusSince\n      criticality\n      serviceType\n      tags\n      owner {\n        id\n        username\n      }\n      team {\n        id\n        name\n      }\n      namespace\n      slaGroup\n      replicas\n      readyReplicas\n      availableReplicas\n      images\n      workloadType\n      workloadName\n      lastOperatorSync\n      dependencies {\n        dependencyType\n        targetService {\n          id\n          name\n          path\n          status\n        }\n      }\n      dependents {\n        dependencyType\n        sourceService {\n          id\n          name\n          path\n          status\n        }\n      }\n      backupExpected\n      backupMaxAgeDays\n      lastBackupAt\n      lastBackupStatus\n      backupOverdue\n      storage {\n        allocatedBytes\n        usedBytes\n        freePercent\n        status\n        storageType\n        mountPath\n        reportedAt\n      }\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query ServicesServicePage($id: ID!) {\n    service(id: $id) {\n      id\n      name\n      displayName\n      nodeId\n      path\n      status\n      statusMessage\n      statusSince\n      criticality\n      serviceType\n      tags\n      owner {\n        id\n        username\n      }\n      team {\n        id\n        name\n      }\n      namespace\n      slaGroup\n      replicas\n      readyReplicas\n      availableReplicas\n      images\n      workloadType\n      workloadName\n      lastOperatorSync\n      dependencies {\n        dependencyType\n        targetService {\n          id\n          name\n          path\n          status\n        }\n      }\n      dependents {\n        dependencyType\n        sourceService {\n          id\n          name\n          path\n          status\n        }\n      }\n      backupExpected\n      backupMaxAgeDays\n      lastBackupAt\n      lastBackupStatus\n      backupOverdue\n      storage {\n        allocatedBytes\n        usedBytes\n        freePercent\n        status\n        storageType\n        mountPath\n        reportedAt\n      }\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ServicesStatusChanged($serviceId: ID!) {\n    serviceStatusChanged(serviceId: $serviceId) {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      origin\n    }\n  }\n"): (typeof documents)["\n  subscription ServicesStatusChanged($serviceId: ID!) {\n    serviceStatusChanged(serviceId: $serviceId) {\n      serviceId\n      previousStatus\n      status\n      message\n      changedAt\n      origin\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServicesUpdateService($id: ID!, $input: UpdateServiceInput!) {\n    updateService(id: $id, input: $input) {\n      id\n      displayName\n      criticality\n      serviceType\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ServicesUpdateService($id: ID!, $input: UpdateServiceInput!) {\n    updateService(id: $id, input: $input) {\n      id\n      displayName\n      criticality\n      serviceType\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicesSlaTrends($serviceId: ID!) {\n    slaSnapshotTrend(serviceId: $serviceId, hoursBack: 24) {\n      periodKey\n      periodStart\n      actualValue\n      targetValue\n      incidentCount\n      downtimeMinutes\n      status\n    }\n    slaTrendData(filter: { periodType: DAILY, serviceId: $serviceId, monthsBack: 1 }) {\n      periodKey\n      periodStart\n      actualValue\n      status\n    }\n  }\n"): (typeof documents)["\n  query ServicesSlaTrends($serviceId: ID!) {\n    slaSnapshotTrend(serviceId: $serviceId, hoursBack: 24) {\n      periodKey\n      periodStart\n      actualValue\n      targetValue\n      incidentCount\n      downtimeMinutes\n      status\n    }\n    slaTrendData(filter: { periodType: DAILY, serviceId: $serviceId, monthsBack: 1 }) {\n      periodKey\n      periodStart\n      actualValue\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicesSlaDefinitions {\n    slaDefinitions {\n      id\n      name\n      targetPercent\n      period\n      assignments {\n        id\n        slaGroup\n        service {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ServicesSlaDefinitions {\n    slaDefinitions {\n      id\n      name\n      targetPercent\n      period\n      assignments {\n        id\n        slaGroup\n        service {\n          id\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicesSlaCurrentPeriod($slaDefinitionId: ID!) {\n    slaPeriodResults(slaDefinitionId: $slaDefinitionId, limit: 1) {\n      periodKey\n      services {\n        serviceId\n        targetValue\n        actualValue\n        coveragePercent\n        errorBudgetRemainingMinutes\n        downtimeMinutes\n        status\n      }\n    }\n  }\n"): (typeof documents)["\n  query ServicesSlaCurrentPeriod($slaDefinitionId: ID!) {\n    slaPeriodResults(slaDefinitionId: $slaDefinitionId, limit: 1) {\n      periodKey\n      services {\n        serviceId\n        targetValue\n        actualValue\n        coveragePercent\n        errorBudgetRemainingMinutes\n        downtimeMinutes\n        status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicesOpenIncidents($serviceId: ID!) {\n    slaIncidents(filter: { serviceId: $serviceId, open: true }, limit: 20) {\n      id\n      title\n      severity\n      source\n      startedAt\n    }\n  }\n"): (typeof documents)["\n  query ServicesOpenIncidents($serviceId: ID!) {\n    slaIncidents(filter: { serviceId: $serviceId, open: true }, limit: 20) {\n      id\n      title\n      severity\n      source\n      startedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ServicesMaintenanceWindows($serviceId: ID!) {\n    slaExclusionWindows(filter: { serviceId: $serviceId }, limit: 10) {\n      id\n      reason\n      startedAt\n      expectedEndAt\n      endedAt\n      endedBy\n      active\n      createdVia\n      createdBy {\n        id\n        username\n      }\n      endedByUser {\n        id\n        username\n      }\n    }\n  }\n"): (typeof documents)["\n  query ServicesMaintenanceWindows($serviceId: ID!) {\n    slaExclusionWindows(filter: { serviceId: $serviceId }, limit: 10) {\n      id\n      reason\n      startedAt\n      expectedEndAt\n      endedAt\n      endedBy\n      active\n      createdVia\n      createdBy {\n        id\n        username\n      }\n      endedByUser {\n        id\n        username\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServicesStartMaintenance($input: CreateExclusionWindowInput!) {\n    createExclusionWindow(input: $input) {\n      id\n      active\n    }\n  }\n"): (typeof documents)["\n  mutation ServicesStartMaintenance($input: CreateExclusionWindowInput!) {\n    createExclusionWindow(input: $input) {\n      id\n      active\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ServicesStopMaintenance($id: ID!) {\n    stopExclusionWindow(id: $id) {\n      id\n      active\n      endedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ServicesStopMaintenance($id: ID!) {\n    stopExclusionWindow(id: $id) {\n      id\n      active\n      endedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SlaLiveEvents {\n    entityEvents(entityType: \"sla\", entityId: \"all\") {\n      event entityId at data\n    }\n  }\n"): (typeof documents)["\n  subscription SlaLiveEvents {\n    entityEvents(entityType: \"sla\", entityId: \"all\") {\n      event entityId at data\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaTrend($filter: SLATrendFilter!) {\n    slaTrendData(filter: $filter) {\n      periodKey periodStart actualValue status\n    }\n  }\n"): (typeof documents)["\n  query SlaTrend($filter: SLATrendFilter!) {\n    slaTrendData(filter: $filter) {\n      periodKey periodStart actualValue status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaServiceSearch($search: String!) {\n    services(filter: { search: $search }, limit: 8) {\n      id name path\n    }\n  }\n"): (typeof documents)["\n  query SlaServiceSearch($search: String!) {\n    services(filter: { search: $search }, limit: 8) {\n      id name path\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaOverview {\n    slaDashboardStats {\n      totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime\n    }\n    slaAlerts(filter: { statuses: [OPEN, ACKNOWLEDGED] }, limit: 8) {\n      id kind status message raisedAt\n      service {\n        id name\n      }\n    }\n    openAlertCount: slaAlertCount(filter: { statuses: [OPEN] })\n    slaIncidents(filter: { open: true }, limit: 8) {\n      id title severity startedAt\n      service {\n        id name\n      }\n    }\n    openIncidentCount: slaIncidentCount(filter: { open: true })\n  }\n"): (typeof documents)["\n  query SlaOverview {\n    slaDashboardStats {\n      totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime\n    }\n    slaAlerts(filter: { statuses: [OPEN, ACKNOWLEDGED] }, limit: 8) {\n      id kind status message raisedAt\n      service {\n        id name\n      }\n    }\n    openAlertCount: slaAlertCount(filter: { statuses: [OPEN] })\n    slaIncidents(filter: { open: true }, limit: 8) {\n      id title severity startedAt\n      service {\n        id name\n      }\n    }\n    openIncidentCount: slaIncidentCount(filter: { open: true })\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaIncidentsList($filter: SLAIncidentFilter, $limit: Int) {\n    slaIncidents(filter: $filter, limit: $limit) {\n      id title severity source open startedAt endedAt serviceId\n      service {\n        id name\n      }\n    }\n    slaIncidentCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query SlaIncidentsList($filter: SLAIncidentFilter, $limit: Int) {\n    slaIncidents(filter: $filter, limit: $limit) {\n      id title severity source open startedAt endedAt serviceId\n      service {\n        id name\n      }\n    }\n    slaIncidentCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaIncidentPage($id: ID!) {\n    slaIncident(id: $id) {\n      id title description severity source open startedAt endedAt resolution serviceId\n      service {\n        id name\n      }\n      definitions {\n        id name\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaIncidentPage($id: ID!) {\n    slaIncident(id: $id) {\n      id title description severity source open startedAt endedAt resolution serviceId\n      service {\n        id name\n      }\n      definitions {\n        id name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaIncidentTicket($id: ID!) {\n    slaIncident(id: $id) {\n      id\n      ticket {\n        id number status\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaIncidentTicket($id: ID!) {\n    slaIncident(id: $id) {\n      id\n      ticket {\n        id number status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaGroupsList {\n    slaGroups {\n      id name displayName tier status currentUptime\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      services {\n        serviceName status\n        backupStatus {\n          backupOverdue\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaGroupsList {\n    slaGroups {\n      id name displayName tier status currentUptime\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      services {\n        serviceName status\n        backupStatus {\n          backupOverdue\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaGroupPage($name: String!) {\n    slaGroup(name: $name) {\n      id name displayName tier status currentUptime updatedAt\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      definitions {\n        id name targetPercent period\n      }\n      services {\n        serviceId serviceName status replicas readyReplicas\n        backupStatus {\n          backupExpected lastBackupAt lastBackupStatus backupMaxAgeDays backupOverdue\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaGroupPage($name: String!) {\n    slaGroup(name: $name) {\n      id name displayName tier status currentUptime updatedAt\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n      definitions {\n        id name targetPercent period\n      }\n      services {\n        serviceId serviceName status replicas readyReplicas\n        backupStatus {\n          backupExpected lastBackupAt lastBackupStatus backupMaxAgeDays backupOverdue\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaGroupOverride($group: String!, $uptime: Float) {\n    setSLAGroupTargetOverride(group: $group, uptime: $uptime) {\n      id\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SlaGroupOverride($group: String!, $uptime: Float) {\n    setSLAGroupTargetOverride(group: $group, uptime: $uptime) {\n      id\n      targets {\n        uptime\n      }\n      targetOverrides {\n        uptime\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaEventLogList($filter: SLAEventLogFilter, $limit: Int) {\n    slaEventLog(filter: $filter, limit: $limit) {\n      id at kind origin\n      actor {\n        username\n      }\n      definitionId serviceId slaGroup incidentId alertId data\n    }\n    slaEventLogCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query SlaEventLogList($filter: SLAEventLogFilter, $limit: Int) {\n    slaEventLog(filter: $filter, limit: $limit) {\n      id at kind origin\n      actor {\n        username\n      }\n      definitionId serviceId slaGroup incidentId alertId data\n    }\n    slaEventLogCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaDefinitionsList {\n    slaDefinitions {\n      id name description targetPercent period degradedCountsAsDown timeZone updatedAt\n      targets {\n        id\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaDefinitionsList {\n    slaDefinitions {\n      id name description targetPercent period degradedCountsAsDown timeZone updatedAt\n      targets {\n        id\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaDefinitionPage($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n      targets {\n        id scope scopeValue targetPercent\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaDefinitionPage($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n      targets {\n        id scope scopeValue targetPercent\n      }\n      assignments {\n        id slaGroup\n        service {\n          id name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaDeleteDefinition($id: ID!) {\n    deleteSLADefinition(id: $id)\n  }\n"): (typeof documents)["\n  mutation SlaDeleteDefinition($id: ID!) {\n    deleteSLADefinition(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaDefinitionPeriods($id: ID!) {\n    slaPeriodResults(slaDefinitionId: $id, limit: 6) {\n      periodKey final serviceCount targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes\n      errorBudgetUsedMinutes errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      services {\n        serviceId\n        service {\n          name\n        }\n        targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes errorBudgetUsedMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaDefinitionPeriods($id: ID!) {\n    slaPeriodResults(slaDefinitionId: $id, limit: 6) {\n      periodKey final serviceCount targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes\n      errorBudgetUsedMinutes errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      services {\n        serviceId\n        service {\n          name\n        }\n        targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes errorBudgetUsedMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaCreateDefinition($input: CreateSLADefinitionInput!) {\n    createSLADefinition(input: $input) {\n      id name\n    }\n  }\n"): (typeof documents)["\n  mutation SlaCreateDefinition($input: CreateSLADefinitionInput!) {\n    createSLADefinition(input: $input) {\n      id name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaDefinitionToEdit($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SlaDefinitionToEdit($id: ID!) {\n    slaDefinition(id: $id) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaUpdateDefinition($id: ID!, $input: UpdateSLADefinitionInput!) {\n    updateSLADefinition(id: $id, input: $input) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SlaUpdateDefinition($id: ID!, $input: UpdateSLADefinitionInput!) {\n    updateSLADefinition(id: $id, input: $input) {\n      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem\n      updatedAt\n      burnRates {\n        fast {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n        slow {\n          threshold longWindowMinutes shortWindowMinutes\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaGroupNames {\n    slaGroups {\n      id name displayName tier\n    }\n  }\n"): (typeof documents)["\n  query SlaGroupNames {\n    slaGroups {\n      id name displayName tier\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaSetTarget($input: CreateSLATargetInput!) {\n    createSLATarget(input: $input) {\n      id scope scopeValue targetPercent\n    }\n  }\n"): (typeof documents)["\n  mutation SlaSetTarget($input: CreateSLATargetInput!) {\n    createSLATarget(input: $input) {\n      id scope scopeValue targetPercent\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaDeleteTarget($id: ID!) {\n    deleteSLATarget(id: $id)\n  }\n"): (typeof documents)["\n  mutation SlaDeleteTarget($id: ID!) {\n    deleteSLATarget(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaAssign($input: AssignSLAInput!) {\n    assignSLAToService(input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation SlaAssign($input: AssignSLAInput!) {\n    assignSLAToService(input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaUnassign($id: ID!) {\n    unassignSLA(id: $id)\n  }\n"): (typeof documents)["\n  mutation SlaUnassign($id: ID!) {\n    unassignSLA(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaDailyReportPage($day: String) {\n    slaDailyReport(day: $day) {\n      day generatedAt trigger slaCount metCount atRiskCount breachedCount noDataCount csv\n      rows {\n        slaId slaName targetPercent periodType periodKey serviceCount status actualValue downtimeMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount\n      }\n    }\n    slaDailyReports(limit: 30) {\n      day generatedAt trigger slaCount breachedCount\n    }\n  }\n"): (typeof documents)["\n  query SlaDailyReportPage($day: String) {\n    slaDailyReport(day: $day) {\n      day generatedAt trigger slaCount metCount atRiskCount breachedCount noDataCount csv\n      rows {\n        slaId slaName targetPercent periodType periodKey serviceCount status actualValue downtimeMinutes\n        errorBudgetRemainingMinutes burnRate incidentCount\n      }\n    }\n    slaDailyReports(limit: 30) {\n      day generatedAt trigger slaCount breachedCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaGenerateDailyReport {\n    generateSLADailyReport {\n      day generatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation SlaGenerateDailyReport {\n    generateSLADailyReport {\n      day generatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlaAlertsList($filter: SLAAlertFilter, $limit: Int) {\n    slaAlerts(filter: $filter, limit: $limit) {\n      id kind status message serviceId\n      service {\n        id name\n      }\n      definitionId\n      definition {\n        id name\n      }\n      slaGroup raisedAt acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n      resolvedAt\n    }\n    slaAlertCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query SlaAlertsList($filter: SLAAlertFilter, $limit: Int) {\n    slaAlerts(filter: $filter, limit: $limit) {\n      id kind status message serviceId\n      service {\n        id name\n      }\n      definitionId\n      definition {\n        id name\n      }\n      slaGroup raisedAt acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n      resolvedAt\n    }\n    slaAlertCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SlaAcknowledgeAlert($id: ID!) {\n    acknowledgeSLAAlert(id: $id) {\n      id status acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SlaAcknowledgeAlert($id: ID!) {\n    acknowledgeSLAAlert(id: $id) {\n      id status acknowledgedAt\n      acknowledgedBy {\n        username\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TicketsEntityEvents($entityId: ID!) {\n    entityEvents(entityType: \"ticket\", entityId: $entityId) {\n      event\n      entityId\n      at\n    }\n  }\n"): (typeof documents)["\n  subscription TicketsEntityEvents($entityId: ID!) {\n    entityEvents(entityType: \"ticket\", entityId: $entityId) {\n      event\n      entityId\n      at\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription TicketsNotifications {\n    notificationReceived {\n      notification {\n        id\n        type\n        entityType\n        entityId\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription TicketsNotifications {\n    notificationReceived {\n      notification {\n        id\n        type\n        entityType\n        entityId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsUserSearch($search: String) {\n    users(filter: { search: $search, active: true }, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query TicketsUserSearch($search: String) {\n    users(filter: { search: $search, active: true }, limit: 20) {\n      id\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsServiceSearch($search: String) {\n    services(filter: { search: $search }, limit: 20) {\n      id\n      name\n      displayName\n      nodeId\n    }\n  }\n"): (typeof documents)["\n  query TicketsServiceSearch($search: String) {\n    services(filter: { search: $search }, limit: 20) {\n      id\n      name\n      displayName\n      nodeId\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsWorklog($ticketId: ID!) {\n    ticketWorklog(ticketId: $ticketId, limit: 200) {\n      totalMinutes\n      count\n      entries {\n        id authorId minutes note workedAt\n        author { id username displayName }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TicketsWorklog($ticketId: ID!) {\n    ticketWorklog(ticketId: $ticketId, limit: 200) {\n      totalMinutes\n      count\n      entries {\n        id authorId minutes note workedAt\n        author { id username displayName }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsLogWork($ticketId: ID!, $minutes: Int!, $note: String) {\n    logTicketWork(ticketId: $ticketId, minutes: $minutes, note: $note) { id minutes }\n  }\n"): (typeof documents)["\n  mutation TicketsLogWork($ticketId: ID!, $minutes: Int!, $note: String) {\n    logTicketWork(ticketId: $ticketId, minutes: $minutes, note: $note) { id minutes }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsDeleteWork($id: ID!) {\n    deleteTicketWorklog(id: $id)\n  }\n"): (typeof documents)["\n  mutation TicketsDeleteWork($id: ID!) {\n    deleteTicketWorklog(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsWatchers($ticketId: ID!) {\n    ticketWatchers(ticketId: $ticketId) {\n      userId since\n      user { id username displayName }\n    }\n  }\n"): (typeof documents)["\n  query TicketsWatchers($ticketId: ID!) {\n    ticketWatchers(ticketId: $ticketId) {\n      userId since\n      user { id username displayName }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsWatch($ticketId: ID!, $userId: ID) {\n    watchTicket(ticketId: $ticketId, userId: $userId) { userId }\n  }\n"): (typeof documents)["\n  mutation TicketsWatch($ticketId: ID!, $userId: ID) {\n    watchTicket(ticketId: $ticketId, userId: $userId) { userId }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsUnwatch($ticketId: ID!, $userId: ID) {\n    unwatchTicket(ticketId: $ticketId, userId: $userId)\n  }\n"): (typeof documents)["\n  mutation TicketsUnwatch($ticketId: ID!, $userId: ID) {\n    unwatchTicket(ticketId: $ticketId, userId: $userId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsTicketPage($id: ID!) {\n    ticket(id: $id) {\n      id number title description type status statusCategory workflowName availableTransitions impact urgency priority\n      catalogItemName requesterId assigneeId responseDueAt resolutionDueAt minutesUntilDue slaPaused responseBreached resolutionBreached\n      respondedAt resolvedAt createdAt updatedAt deletedAt\n      service { id name displayName }\n      requester { id username displayName }\n      assignee { id username displayName }\n      group { id name }\n    }\n    availableWorkflows {\n      name\n      states { name category }\n      transitions { name to }\n    }\n  }\n"): (typeof documents)["\n  query TicketsTicketPage($id: ID!) {\n    ticket(id: $id) {\n      id number title description type status statusCategory workflowName availableTransitions impact urgency priority\n      catalogItemName requesterId assigneeId responseDueAt resolutionDueAt minutesUntilDue slaPaused responseBreached resolutionBreached\n      respondedAt resolvedAt createdAt updatedAt deletedAt\n      service { id name displayName }\n      requester { id username displayName }\n      assignee { id username displayName }\n      group { id name }\n    }\n    availableWorkflows {\n      name\n      states { name category }\n      transitions { name to }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsList($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    tickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n    ticketCount(filter: $filter)\n  }\n"): (typeof documents)["\n  query TicketsList($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    tickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n    ticketCount(filter: $filter)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsMine($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    myTickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n"): (typeof documents)["\n  query TicketsMine($filter: TicketFilter, $sort: TicketSort, $limit: Int, $offset: Int) {\n    myTickets(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {\n      id number title type status statusCategory priority minutesUntilDue slaPaused responseBreached resolutionBreached respondedAt updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsGroups {\n    availableGroups {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query TicketsGroups {\n    availableGroups {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsUpdate($id: ID!, $input: UpdateTicketInput!) {\n    updateTicket(id: $id, input: $input) { id title description impact urgency priority minutesUntilDue responseDueAt resolutionDueAt updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsUpdate($id: ID!, $input: UpdateTicketInput!) {\n    updateTicket(id: $id, input: $input) { id title description impact urgency priority minutesUntilDue responseDueAt resolutionDueAt updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsByNumber($number: String!) {\n    ticketByNumber(number: $number) { id }\n  }\n"): (typeof documents)["\n  query TicketsByNumber($number: String!) {\n    ticketByNumber(number: $number) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsTransition($id: ID!, $transition: String!) {\n    transitionTicket(id: $id, transition: $transition) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsTransition($id: ID!, $transition: String!) {\n    transitionTicket(id: $id, transition: $transition) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsResolve($id: ID!) {\n    resolveTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsResolve($id: ID!) {\n    resolveTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsClose($id: ID!) {\n    closeTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsClose($id: ID!) {\n    closeTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsReopen($id: ID!) {\n    reopenTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsReopen($id: ID!) {\n    reopenTicket(id: $id) { id status statusCategory availableTransitions slaPaused updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsPauseSla($id: ID!) {\n    pauseTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsPauseSla($id: ID!) {\n    pauseTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsResumeSla($id: ID!) {\n    resumeTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsResumeSla($id: ID!) {\n    resumeTicketSLA(id: $id) { id slaPaused minutesUntilDue updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsDelete($id: ID!) {\n    deleteTicket(id: $id)\n  }\n"): (typeof documents)["\n  mutation TicketsDelete($id: ID!) {\n    deleteTicket(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsRestore($id: ID!) {\n    restoreTicket(id: $id) { id deletedAt updatedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsRestore($id: ID!) {\n    restoreTicket(id: $id) { id deletedAt updatedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsRelations($ticketId: ID!) {\n    ticketRelations(ticketId: $ticketId) {\n      id type relatedTicketId\n      relatedTicket { id number title status }\n    }\n  }\n"): (typeof documents)["\n  query TicketsRelations($ticketId: ID!) {\n    ticketRelations(ticketId: $ticketId) {\n      id type relatedTicketId\n      relatedTicket { id number title status }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsRelationTarget($number: String!) {\n    ticketByNumber(number: $number) { id number }\n  }\n"): (typeof documents)["\n  query TicketsRelationTarget($number: String!) {\n    ticketByNumber(number: $number) { id number }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsLink($sourceId: ID!, $targetId: ID!, $type: TicketRelationType!) {\n    linkTickets(sourceId: $sourceId, targetId: $targetId, type: $type) { id }\n  }\n"): (typeof documents)["\n  mutation TicketsLink($sourceId: ID!, $targetId: ID!, $type: TicketRelationType!) {\n    linkTickets(sourceId: $sourceId, targetId: $targetId, type: $type) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsUnlink($sourceId: ID!, $targetId: ID!) {\n    unlinkTickets(sourceId: $sourceId, targetId: $targetId)\n  }\n"): (typeof documents)["\n  mutation TicketsUnlink($sourceId: ID!, $targetId: ID!) {\n    unlinkTickets(sourceId: $sourceId, targetId: $targetId)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsCatalog {\n    availableCatalogCategories { name description itemCount }\n    availableCatalogItems { name categoryName description ticketType workflowName group { id name } }\n  }\n"): (typeof documents)["\n  query TicketsCatalog {\n    availableCatalogCategories { name description itemCount }\n    availableCatalogItems { name categoryName description ticketType workflowName group { id name } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsCreate($input: CreateTicketInput!) {\n    createTicket(input: $input) { id number }\n  }\n"): (typeof documents)["\n  mutation TicketsCreate($input: CreateTicketInput!) {\n    createTicket(input: $input) { id number }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsStatusHistory($ticketId: ID!) {\n    ticketStatusHistory(ticketId: $ticketId) {\n      id fromStatus toStatus transition at\n      actor { id username displayName }\n    }\n  }\n"): (typeof documents)["\n  query TicketsStatusHistory($ticketId: ID!) {\n    ticketStatusHistory(ticketId: $ticketId) {\n      id fromStatus toStatus transition at\n      actor { id username displayName }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsComments($ticketId: ID!) {\n    ticketComments(ticketId: $ticketId, limit: 500) {\n      total\n      comments {\n        id authorId system body createdAt editedAt\n        author { id username displayName }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TicketsComments($ticketId: ID!) {\n    ticketComments(ticketId: $ticketId, limit: 500) {\n      total\n      comments {\n        id authorId system body createdAt editedAt\n        author { id username displayName }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsAddComment($ticketId: ID!, $body: String!) {\n    addTicketComment(ticketId: $ticketId, body: $body) { id body }\n  }\n"): (typeof documents)["\n  mutation TicketsAddComment($ticketId: ID!, $body: String!) {\n    addTicketComment(ticketId: $ticketId, body: $body) { id body }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsEditComment($id: ID!, $body: String!) {\n    editTicketComment(id: $id, body: $body) { id body editedAt }\n  }\n"): (typeof documents)["\n  mutation TicketsEditComment($id: ID!, $body: String!) {\n    editTicketComment(id: $id, body: $body) { id body editedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsDeleteComment($id: ID!) {\n    deleteTicketComment(id: $id)\n  }\n"): (typeof documents)["\n  mutation TicketsDeleteComment($id: ID!) {\n    deleteTicketComment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsAttachments($ticketId: ID!) {\n    ticketAttachments(ticketId: $ticketId) {\n      id fileName contentType size createdAt downloadUrl\n      uploadedBy { id username displayName }\n    }\n  }\n"): (typeof documents)["\n  query TicketsAttachments($ticketId: ID!) {\n    ticketAttachments(ticketId: $ticketId) {\n      id fileName contentType size createdAt downloadUrl\n      uploadedBy { id username displayName }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsDeleteAttachment($id: ID!) {\n    deleteTicketAttachment(id: $id)\n  }\n"): (typeof documents)["\n  mutation TicketsDeleteAttachment($id: ID!) {\n    deleteTicketAttachment(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketsAssignGroups {\n    availableGroups { id name }\n  }\n"): (typeof documents)["\n  query TicketsAssignGroups {\n    availableGroups { id name }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TicketsAssign($id: ID!, $assigneeId: ID, $groupId: ID) {\n    assignTicket(id: $id, assigneeId: $assigneeId, groupId: $groupId) {\n      id assigneeId groupId updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n"): (typeof documents)["\n  mutation TicketsAssign($id: ID!, $assigneeId: ID, $groupId: ID) {\n    assignTicket(id: $id, assigneeId: $assigneeId, groupId: $groupId) {\n      id assigneeId groupId updatedAt\n      assignee { id username displayName }\n      group { id name }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
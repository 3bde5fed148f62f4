/**
 * SLAEventKind's values in the schema's order, as the event log offers them. Without imports, so the
 * server's tests can read it: test/unit/plugins/console/webEnums.test.ts checks the order against the served schema,
 * and eventLog.ts checks at compile time that they are exactly the generated enum's values.
 */
export const EVENT_KIND_ORDER = [
  'DEFINITION_CREATED',
  'DEFINITION_UPDATED',
  'DEFINITION_DELETED',
  'TARGET_SET',
  'TARGET_DELETED',
  'ASSIGNED',
  'UNASSIGNED',
  'GROUP_TARGET_OVERRIDE_SET',
  'INCIDENT_OPENED',
  'INCIDENT_UPDATED',
  'INCIDENT_CLOSED',
  'ALERT_RAISED',
  'ALERT_ACKNOWLEDGED',
  'ALERT_RESOLVED',
  'PERIODS_RECOMPUTED',
] as const;

/**
 * Every value of a generated enum (web/src/gql), in the order a screen offers them:
 * `enumValues<WebhookMethod>({ POST: true, PUT: true, PATCH: true })`. The argument is a record of
 * the enum, so the typecheck fails when the schema adds or drops a value; no list is copied unchecked.
 */
export function enumValues<T extends string>(values: Readonly<Record<T, true>>): readonly T[] {
  return Object.keys(values) as T[];
}

/**
 * LDAP search filters built from an admin's template and a person's input. Every value that came
 * from outside is escaped as RFC 4515 says (`*`, `(`, `)`, `\`, NUL, and every byte outside
 * printable ASCII as `\xx`), so a username such as `*)(uid=*` matches nothing instead of everyone.
 */

export function escapeFilterValue(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out +=
      byte === 0x2a || byte === 0x28 || byte === 0x29 || byte === 0x5c || byte === 0x00 || byte >= 0x80 || byte < 0x20
        ? `\\${byte.toString(16).padStart(2, '0')}`
        : c;
  }
  return out;
}

/** Replaces each `{name}` of `template` with the escaped value of `values[name]`. */
export function fillFilter(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? escapeFilterValue(values[name]!) : whole));
}

/** A template must be one parenthesised filter and use `{username}` (user filters) or `{dn}`/`{username}` (group filters). */
export function isFilterTemplate(template: string, placeholders: readonly string[]): boolean {
  const t = template.trim();
  if (!t.startsWith('(') || !t.endsWith(')')) return false;
  let depth = 0;
  for (const c of t) {
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0 && placeholders.some((p) => t.includes(`{${p}}`));
}

/** DNs compared the way a directory does for our purposes: case and spaces after separators ignored. */
export function normalizeDn(dn: string): string {
  return dn
    .trim()
    .replace(/\s*([,=+])\s*/g, '$1')
    .toLowerCase();
}

/** The value of the first RDN: `cn=ops,ou=groups,...` -> `ops`. */
export function firstRdnValue(dn: string): string {
  const first = dn.split(/(?<!\\),/)[0] ?? dn;
  const eq = first.indexOf('=');
  return (eq < 0 ? first : first.slice(eq + 1)).trim();
}

/**
 * An SLA group as a declaration names it (an agent's status sync, a seed job): the group's name and
 * the fields it carries, null meaning "leave as it is". The protocol parser produces it; the SLA
 * group store applies it.
 */
export interface SlaGroupDeclaration {
  readonly name: string;
  readonly displayName: string | null;
  readonly tier: string | null;
  readonly targets: { readonly uptime: number } | null;
}

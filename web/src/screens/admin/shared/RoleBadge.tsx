/** A user's role and whether they may sign in, as words (never colour alone). */
export function RoleBadge({ role }: { role: string }) {
  return <span className="badge">{role.charAt(0) + role.slice(1).toLowerCase()}</span>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return <span className={`badge ${active ? 'status-operational' : 'status-unknown'}`}>{active ? 'Active' : 'Deactivated'}</span>;
}

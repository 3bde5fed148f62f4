/** Who may change SLA records (the server decides; the screens hide what a role can never do). */
export function canEditSla(role: string): boolean {
  return role === 'ADMIN' || role === 'OPERATOR';
}

/** What `dashboardStats` answers (SPEC.md "Dashboard stats"), and the figures kept across restarts (docs/adr/0081). */

export interface DashboardStats {
  readonly totalServices: number;
  /** Services whose `slaGroup` names a declared group with an uptime target. */
  readonly servicesWithSla: number;
  /** Status counts of those services' month results; a service without data this month is in none. */
  readonly metCount: number;
  readonly atRiskCount: number;
  readonly breachedCount: number;
  /** Mean month-to-date actual value over every service with covered time (SLA or not), 3 decimals; 0 when none has data. */
  readonly averageUptime: number;
}

export interface StoredFigures {
  /** Product time (epoch ms) the figures were computed at. */
  readonly at: number;
  readonly stats: DashboardStats;
  /** How long computing them took, in real ms. */
  readonly computeMs: number;
}

/** Where the whole fleet's last figures are kept: read once at the first call, written after each slow computation. */
export interface DashboardFigureStore {
  load(): Promise<StoredFigures | undefined>;
  save(figures: StoredFigures): Promise<void>;
}

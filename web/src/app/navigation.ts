/** One entry of the side navigation; each area of the console lists its own (screens/<area>/routes.tsx). */
export interface NavItem {
  readonly label: string;
  /** Below /app. */
  readonly to: string;
  /** Shown only to these roles (all when absent); the server still decides what each may do. */
  readonly roles?: readonly ('ADMIN' | 'OPERATOR' | 'USER')[];
  /** A plugin whose inactivity the screen explains (the link stays: the screen says how to activate). */
  readonly plugin?: 'sla' | 'ticketing';
}

export interface NavSection {
  readonly title: string;
  readonly items: readonly NavItem[];
}

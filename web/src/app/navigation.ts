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

/**
 * The one item that owns `path`: the longest link that is the path or a parent of it, so on
 * /tickets/new "New ticket" is current and "All tickets" (/tickets) is not.
 */
export function currentNavItem(sections: readonly NavSection[], path: string): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of sections.flatMap((section) => section.items)) {
    const owns = item.to === '/' ? path === '/' : path === item.to || path.startsWith(`${item.to}/`);
    if (owns && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

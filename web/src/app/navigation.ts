import { pluginGate, type PluginName, type PluginsView } from './plugins';

/** One entry of the side navigation; each area of the console lists its own (screens/<area>/routes.tsx). */
export interface NavItem {
  readonly label: string;
  /** Below /app. */
  readonly to: string;
  /** Shown only to these roles (all when absent); the server still decides what each may do. */
  readonly roles?: readonly ('ADMIN' | 'OPERATOR' | 'USER')[];
  /**
   * The plugin the item's screens need: while it is not active the item is left out (its screens,
   * reached by a bookmark, explain the plugin instead); it shows once the licence says it is active.
   */
  readonly plugin?: PluginName;
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

/** The items `role` is offered, by section (sections left with none are dropped): by role, and only plugins that are on. */
export function visibleNavSections(sections: readonly NavSection[], role: string, plugins: PluginsView): NavSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) => (!item.roles || item.roles.includes(role as 'ADMIN')) && (!item.plugin || pluginGate(plugins, item.plugin) === 'on'),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

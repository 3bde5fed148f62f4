/**
 * The console's one badge: a word (never colour alone) in the colour of its tone. What a value of
 * some kind says and in which tone is data beside that kind (ui/badges.ts and each area's badge
 * table), so every badge of the console is this component.
 */
import type { ReactNode } from 'react';

/** The theme's tones (ui/theme.css): the service statuses' colours, a strong alert, and plain. */
export type Tone = 'neutral' | 'operational' | 'degraded' | 'down' | 'maintenance' | 'unknown' | 'alert';

const TONE_CLASS: Record<Tone, string | null> = {
  neutral: null,
  operational: 'status-operational',
  degraded: 'status-degraded',
  down: 'status-down',
  maintenance: 'status-maintenance',
  unknown: 'status-unknown',
  alert: 'badge-alert',
};

export interface BadgeProps {
  tone?: Tone;
  /** An area's own palette class instead of a tone (a ticket state category, an incident severity). */
  palette?: string;
  /** What the word means, as a tooltip. */
  title?: string;
  /** `data-*` attributes that name the value the badge shows (`{ status: 'DOWN' }` → `data-status="DOWN"`). */
  data?: Readonly<Record<string, string>>;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', palette, title, data, children }: BadgeProps) {
  const colour = palette ?? TONE_CLASS[tone];
  const dataAttributes = Object.fromEntries(Object.entries(data ?? {}).map(([name, value]) => [`data-${name}`, value]));
  return (
    <span className={colour ? `badge ${colour}` : 'badge'} title={title} {...dataAttributes}>
      {children}
    </span>
  );
}

/** A value's word and tone, looked up in a kind's table; an unknown value shows itself in the unknown tone. */
export function toneOf<K extends string>(
  table: Readonly<Record<K, readonly [label: string, tone: Tone]>>,
  value: string,
): readonly [string, Tone] {
  return (table as Readonly<Record<string, readonly [string, Tone]>>)[value] ?? [value, 'unknown'];
}

import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PluginsTable } from './PluginsTable';

const plugins = [
  { name: 'ticketing', licensed: true, enabled: true, active: true },
  { name: 'sla', licensed: true, enabled: false, active: false },
  { name: 'audit', licensed: false, enabled: true, active: false },
];

const row = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === name)!;

describe('the plugins of the licence screen', () => {
  it('offers an admin no switch for a plugin the licence does not list, and says why', () => {
    render(<PluginsTable plugins={plugins} admin busy={false} onToggle={() => {}} />);
    expect(within(row('audit')).queryByRole('button')).toBeNull();
    expect(row('audit').textContent).toMatch(/Needs a licence that lists it/);
    expect(screen.queryByRole('button', { name: 'Turn audit off' })).toBeNull();
  });

  it('offers an admin the switch of each licensed plugin, turning it the other way', () => {
    const onToggle = vi.fn();
    render(<PluginsTable plugins={plugins} admin busy={false} onToggle={onToggle} />);
    fireEvent.click(within(row('ticketing')).getByRole('button', { name: 'Turn ticketing off' }));
    fireEvent.click(within(row('sla')).getByRole('button', { name: 'Turn sla on' }));
    expect(onToggle.mock.calls).toEqual([
      ['ticketing', false],
      ['sla', true],
    ]);
  });

  it('offers no switch to anyone but an admin', () => {
    render(<PluginsTable plugins={plugins} admin={false} busy={false} onToggle={() => {}} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says what each plugin adds', () => {
    render(<PluginsTable plugins={plugins} admin busy={false} onToggle={() => {}} />);
    expect(within(row('sla')).getAllByRole('cell')[1]!.textContent).toMatch(/^Service-level agreements: .+\.$/);
  });
});

/**
 * The plugins of the licence screen: what each adds, whether the licence lists it, whether it is
 * switched on and working, and for admins a switch, offered only for a licensed plugin (an
 * unlicensed one stays off whatever its switch says, so offering one would promise what cannot be).
 */
import { PLUGIN_INFO, type PluginName, type PluginState } from '../../../app/plugins';
import { Badge } from '../../../ui/kit/Badge';

/** What the plugin adds, as the notices on its screens say it. */
function about(name: string): string {
  const info = PLUGIN_INFO[name as PluginName] as (typeof PLUGIN_INFO)[PluginName] | undefined;
  return info ? `${info.adds.charAt(0).toUpperCase()}${info.adds.slice(1)}.` : '';
}

export function PluginsTable({
  plugins,
  admin,
  busy,
  onToggle,
}: {
  plugins: readonly PluginState[];
  admin: boolean;
  busy: boolean;
  onToggle: (name: string, enabled: boolean) => void;
}) {
  return (
    <table className="table" aria-label="Plugins">
      <thead>
        <tr>
          <th scope="col">Plugin</th>
          <th scope="col">What it adds</th>
          <th scope="col">Licensed</th>
          <th scope="col">Switched on</th>
          <th scope="col">Working</th>
          {admin ? <th scope="col">Switch</th> : null}
        </tr>
      </thead>
      <tbody>
        {plugins.map((plugin) => (
          <tr key={plugin.name}>
            <td>{plugin.name}</td>
            <td>{about(plugin.name)}</td>
            <td>{plugin.licensed ? 'yes' : 'no'}</td>
            <td>{plugin.licensed ? (plugin.enabled ? 'yes' : 'no') : '—'}</td>
            <td>
              <Badge tone={plugin.active ? 'operational' : 'unknown'}>{plugin.active ? 'Active' : 'Inactive'}</Badge>
            </td>
            {admin ? (
              <td>
                {plugin.licensed ? (
                  <button type="button" disabled={busy} onClick={() => onToggle(plugin.name, !plugin.enabled)}>
                    {plugin.enabled ? `Turn ${plugin.name} off` : `Turn ${plugin.name} on`}
                  </button>
                ) : (
                  <span className="muted">Needs a licence that lists it</span>
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

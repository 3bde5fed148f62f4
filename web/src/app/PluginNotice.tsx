/**
 * The one calm notice a screen shows for a plugin that is not active: what the plugin adds, why it is
 * off and how to turn it on (an admin gets the link to the licence screen). Not an error: the server
 * works as licensed, so no alert role and no red.
 */
import { useViewer } from '../session/SessionContext';
import { formatDate } from '../ui/format';
import { usePlugins } from './PluginsContext';
import { pluginNoticeText, type PluginName, type PluginsView } from './plugins';
import { Link } from './router';

/** For the signed-in viewer, with the plugins' states of the console. */
export function PluginNotice({ plugin }: { plugin: PluginName }) {
  const isAdmin = useViewer().role === 'ADMIN';
  return <PluginNoticeView plugin={plugin} view={usePlugins()} isAdmin={isAdmin} />;
}

export function PluginNoticeView({ plugin, view, isAdmin }: { plugin: PluginName; view: PluginsView; isAdmin: boolean }) {
  const text = pluginNoticeText(view, plugin, isAdmin, formatDate);
  return (
    <div className="notice plugin-notice" role="status" data-testid="plugin-notice" data-plugin={plugin}>
      <p>
        <strong>{text.heading}.</strong> {text.adds}
      </p>
      <p>
        {text.why}
        {text.adminStep ? (
          <>
            {' '}
            {text.adminStep} <Link to="/admin/licence">Administration › Licence and plugins</Link>.
          </>
        ) : null}
      </p>
    </div>
  );
}

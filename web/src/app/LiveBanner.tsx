/** Says so, on every screen, while live updates are cut off: what the screen shows may be stale. */
import { useLiveConnection } from '../api/useLiveConnection';

export function LiveBanner() {
  const { state } = useLiveConnection();
  if (state !== 'reconnecting') return null;
  return (
    <div className="notice notice-warn live-banner" role="status" data-testid="live-banner">
      Live updates lost their connection to the server and are reconnecting; until then what you see may be out of date. The screen catches
      up by itself once the connection is back.
    </div>
  );
}

/**
 * Agents going silent, in the log: once a minute (a repeating timer of the injected clock) the
 * agents are checked against the online window (a heartbeat within 90 seconds, as the API reports
 * `online`); those that went silent since the last check are named in one `warn` line, and those
 * that came back in one `info` line. At most one line of each a minute, with their count, however
 * many agents a network partition silences at once (the line names the first 20).
 *
 * Only an agent heard from since shortly before the start (its heartbeat newer than the online
 * window before it) can "go silent": one that was already silent when the server started (a
 * decommissioned node) is not reported again after every restart.
 */
import type { Logger } from '../../platform/log/logger.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import { AGENT_ONLINE_WINDOW_MS, type AgentRecord } from '../fleet/agentRegistry.js';

export const AGENTS_SILENT_MESSAGE = 'agents went silent: no heartbeat within the online window';
export const AGENTS_BACK_MESSAGE = 'agents are heard from again';
const CHECK_INTERVAL_MS = 60_000;
const NAMED = 20;

export interface AgentSilenceLog {
  start(): void;
  stop(): void;
  /** One check now (the timer's; tests call it). */
  check(): void;
}

export function createAgentSilenceLog(agents: () => Iterable<AgentRecord>, logger: Logger, clock: Clock): AgentSilenceLog {
  const silent = new Set<string>();
  let startedAt = clock.now();
  let timer: TimerHandle | undefined;
  const check = () => {
    const now = clock.now();
    const went: string[] = [];
    const back: string[] = [];
    for (const agent of agents()) {
      if (agent.lastHeartbeatAt === null) continue;
      const isSilent = now - agent.lastHeartbeatAt > AGENT_ONLINE_WINDOW_MS;
      if (isSilent && !silent.has(agent.nodeId)) {
        silent.add(agent.nodeId);
        if (agent.lastHeartbeatAt >= startedAt - AGENT_ONLINE_WINDOW_MS) went.push(agent.nodeId);
      } else if (!isSilent && silent.delete(agent.nodeId)) {
        back.push(agent.nodeId);
      }
    }
    const named = (ids: string[]) => ({ agents: ids.length, nodeIds: ids.slice(0, NAMED), silentNow: silent.size });
    if (went.length > 0) logger.warn(AGENTS_SILENT_MESSAGE, named(went));
    if (back.length > 0) logger.info(AGENTS_BACK_MESSAGE, named(back));
  };
  return {
    start() {
      startedAt = clock.now();
      timer = clock.setRepeatingTimer(CHECK_INTERVAL_MS, check);
    },
    stop() {
      clock.clearTimer(timer);
      timer = undefined;
    },
    check,
  };
}

/** What the figures were measured on. */
import { readFileSync } from 'node:fs';
import { availableParallelism, release, totalmem } from 'node:os';

export interface MachineInfo {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly kernel: string;
  readonly node: string;
  readonly postgres: string;
}

export function machineInfo(postgres: string): MachineInfo {
  let cpuModel = 'unknown';
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpuModel = match[1]!.trim();
  } catch {
    // not Linux: left unknown
  }
  return {
    cpus: availableParallelism(),
    cpuModel,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    kernel: release(),
    node: process.version,
    postgres,
  };
}

/** The first two lines of every bench's output: which bench, whether its figures mean anything, and the machine. */
export function logRunHeader(bench: string, smoke: boolean, machine: MachineInfo, log: (line: string) => void): void {
  log(`${bench} bench (${smoke ? 'SMOKE run: figures are not meaningful' : 'full run'})`);
  log(
    `machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, Linux ${machine.kernel}, Node ${machine.node}, PostgreSQL ${machine.postgres}`,
  );
}

/** What outbound tests watch: every request and socket this process opens, and the DNS answers it asks for. */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ResolvedAddress } from '../../src/platform/outbound/outboundPolicy.js';

/** Counts HTTP requests and TCP sockets the whole process starts, through Node's diagnostics channels. */
export function watchOutgoing(): { readonly requests: number; readonly sockets: number; stop(): void } {
  const counts = { requests: 0, sockets: 0 };
  const onRequest = (): void => void (counts.requests += 1);
  const onSocket = (): void => void (counts.sockets += 1);
  subscribe('http.client.request.start', onRequest);
  subscribe('net.client.socket', onSocket);
  return {
    get requests() {
      return counts.requests;
    },
    get sockets() {
      return counts.sockets;
    },
    stop: () => {
      unsubscribe('http.client.request.start', onRequest);
      unsubscribe('net.client.socket', onSocket);
    },
  };
}

/** A resolver answering from a script (hostname, call number), with the names it was asked for in `calls`. */
export function scriptedResolver(answer: (hostname: string, call: number) => readonly ResolvedAddress[]) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    calls.push(hostname);
    return answer(hostname, calls.length);
  };
  return Object.assign(resolve, { calls });
}

/**
 * The keys of a KV bucket that hold a value now: one stream-info request listing the subjects the bucket's
 * stream holds, then a direct get of each, since an explicit delete leaves a marker under its key until the TTL
 * removes it. Both are single requests that always answer.
 *
 * Not `kv.keys()`: it lists through a short-lived push consumer and ends when a delivered message reports
 * nothing pending, or at the consumer's idle heartbeat (5 s). On NATS 2.9 a history-1 bucket under steady writes
 * (heartbeats replacing their key's previous message) keeps reporting messages pending and is never idle: the
 * listing ran on for seconds, delivering the same keys again and again (measured with writes every 50 ms, and
 * seen stalling a membership refresh, and with it every round, for over 10 s).
 */
import { Bucket, type KV } from '@nats-io/kv';

export async function presentKeys(kv: KV): Promise<string[]> {
  if (!(kv instanceof Bucket)) throw new TypeError('presentKeys needs a bucket opened by @nats-io/kv');
  const info = await kv.jsm.streams.info(kv.stream, { subjects_filter: kv.fullKeyName('>') });
  const keys = Object.keys(info.state.subjects ?? {}).map((subject) => kv.decodeKey(subject.substring(kv.prefixLen)));
  const entries = await Promise.all(keys.map((key) => kv.get(key)));
  return keys.filter((_, i) => entries[i]?.operation === 'PUT');
}

/**
 * Runs the changes of one key (a comment, a worklog entry) one after another: each reads the
 * committed row, stages and waits for its commit before the next reads, so a change that read a
 * row before another change's delete committed never writes the row back.
 */
export class Serializer {
  private readonly queues = new Map<string, Promise<unknown>>();

  run<T>(key: string, change: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const result = previous.then(change);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return result;
  }
}

// Group commit: work that arrives while a flush is running waits and goes into the next flush together, so under
// load many submissions share one transaction (one round of statements, one commit, one WAL flush), and a
// submission that arrives alone is flushed at once, without waiting for a timer. Each submission settles with its
// own result once the flush that carried it has finished, or with its own error: when a flush of several fails,
// each is tried again alone, so one bad item does not fail the others.

export interface GroupCommit<T, R> {
  submit(item: T): Promise<R>;
  /** Resolves once nothing is queued or being flushed. */
  drained(): Promise<void>;
}

interface Waiting<T, R> {
  item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/** `flush(items)` returns one result per item, in order; `maxBatch` bounds one flush. */
export function groupCommit<T, R>(flush: (items: T[]) => Promise<R[]>, maxBatch = 500): GroupCommit<T, R> {
  let queue: Waiting<T, R>[] = [];
  let running: Promise<void> | undefined;

  async function settle(batch: Waiting<T, R>[]) {
    try {
      const results = await flush(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (e) {
      if (batch.length === 1) batch[0].reject(e);
      else for (const w of batch) await settle([w]);
    }
  }

  async function run() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      await settle(batch);
    }
    running = undefined;
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        running ??= run();
      });
    },
    async drained() {
      while (running) await running;
    },
  };
}

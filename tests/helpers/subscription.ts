import { afterAll } from "vitest";
import { createCaller } from "@/lib/console/router/app-router";
import { IP, owner } from "./console";

// A console subscription as the browser opens it: the caller's async iterable, ended when the test file ends.

const closers: (() => unknown)[] = [];
afterAll(() => {
  for (const close of closers.splice(0)) close();
});

/** A subscription as the owner `email`; `next()` gives its next event. */
export async function watch<T>(
  open: (caller: ReturnType<typeof createCaller>) => Promise<AsyncIterable<T>>,
  email: string,
) {
  const ac = new AbortController();
  closers.push(() => ac.abort());
  const caller = createCaller({ viewer: owner(email), clientIp: IP }, { signal: ac.signal });
  const iterator = (await open(caller))[Symbol.asyncIterator]();
  return {
    async next(): Promise<T> {
      const r = await iterator.next();
      if (r.done) throw new Error("the subscription ended");
      return r.value;
    },
    stop: () => ac.abort(),
  };
}

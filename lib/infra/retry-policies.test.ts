import { afterEach, describe, expect, it } from "vitest";
import { reloadEnvForTests } from "./env";
import { maxAttempts, retryDelayMs } from "./retry-policies";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

afterEach(() => {
  delete process.env.WEFT_WEBHOOK_RETRY_SCALE;
  reloadEnvForTests();
});

const schedule = (kind: string) => {
  const delays: (number | undefined)[] = [];
  for (let attempt = 1; attempt <= 9; attempt++) delays.push(retryDelayMs(kind, attempt));
  return delays;
};

describe("retry policies", () => {
  it("webhooks follow the Standard Webhooks schedule: eight attempts in all", () => {
    expect(schedule("webhooks.delivery")).toEqual([
      5 * SECOND,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      undefined,
      undefined,
    ]);
    expect(maxAttempts("webhooks.delivery")).toBe(8);
  });

  it("WEFT_WEBHOOK_RETRY_SCALE scales webhook and email delays, not the others", () => {
    process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.01";
    reloadEnvForTests();
    expect(retryDelayMs("webhooks.delivery", 1)).toBe(50);
    expect(retryDelayMs("email.trigger-send", 4)).toBe(6_000);
    expect(retryDelayMs("documents.migrate", 1)).toBe(5 * SECOND);
  });

  it("event dispatch retries without end at the last delay", () => {
    expect(retryDelayMs("events.dispatch", 7)).toBe(60 * SECOND);
    expect(retryDelayMs("events.dispatch", 100)).toBe(60 * SECOND);
    expect(maxAttempts("events.dispatch")).toBe(Infinity);
  });
});

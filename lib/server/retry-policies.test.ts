import { afterEach, describe, expect, it } from "vitest";
import { reloadEnvForTests } from "@/lib/infra/env";
import { maxAttempts, retryDelayMs, type RetryPolicy } from "@/lib/infra/jobs/retry-policy";
import { webhookDeliveryRetry } from "@/lib/domain/webhooks/retry-schedule";
import { sendTriggerEmail } from "@/lib/domain/email/send-trigger-email";
import { migrationJob } from "@/lib/domain/documents/migration-job";
import { eventDispatchRetry } from "@/lib/domain/events/consumers";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

afterEach(() => {
  delete process.env.WEFT_WEBHOOK_RETRY_SCALE;
  reloadEnvForTests();
});

const schedule = (policy: RetryPolicy) => {
  const delays: (number | undefined)[] = [];
  for (let attempt = 1; attempt <= 9; attempt++) delays.push(retryDelayMs(policy, attempt));
  return delays;
};

describe("retry policies", () => {
  it("webhooks follow the Standard Webhooks schedule: eight attempts in all", () => {
    expect(schedule(webhookDeliveryRetry)).toEqual([
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
    expect(maxAttempts(webhookDeliveryRetry)).toBe(8);
  });

  it("WEFT_WEBHOOK_RETRY_SCALE scales webhook and email delays, not the others", () => {
    process.env.WEFT_WEBHOOK_RETRY_SCALE = "0.01";
    reloadEnvForTests();
    expect(retryDelayMs(webhookDeliveryRetry, 1)).toBe(50);
    expect(retryDelayMs(sendTriggerEmail.retry, 4)).toBe(6_000);
    expect(retryDelayMs(migrationJob.retry, 1)).toBe(5 * SECOND);
  });

  it("event dispatch retries without end at the last delay", () => {
    expect(retryDelayMs(eventDispatchRetry, 7)).toBe(60 * SECOND);
    expect(retryDelayMs(eventDispatchRetry, 100)).toBe(60 * SECOND);
    expect(maxAttempts(eventDispatchRetry)).toBe(Infinity);
  });
});

import { describe, expect, it } from "vitest";
import { parseServiceConfig, serviceConfigSchema } from "./service-config";

describe("ApiKey.serviceConfig sections", () => {
  it("reads what Create API Key and the config updates store, unchanged", () => {
    const stored = {
      useEmailService: true,
      useWebhookService: false,
      useNotificationService: false,
      setDefaultNotificationTriggers: false,
      setDefaultEmailTriggers: false,
      requireAutoOrgUser: false,
      enablePrivateComments: true,
      defaultDocumentAccessType: "restricted",
      emailServiceConfig: {
        type: "sendgrid",
        apiKey: "sealed",
        fromEmail: "a@example.com",
        triggers: { "comment.add": true },
      },
      webhookServiceConfig: {
        authToken: "sealed",
        rawNotificationUrl: "https://hooks.example.com",
        triggers: { "crdt.update": false },
      },
      advancedWebhookConfig: { isEnabled: true, encodeData: false },
    };
    expect(parseServiceConfig(stored)).toEqual(stored);
  });

  it("reads a key without config as empty, and drops what no section names", () => {
    expect(parseServiceConfig(null)).toEqual({});
    expect(parseServiceConfig({ requireJwtToken: true, leftover: 1 })).toEqual({ requireJwtToken: true });
  });

  it("refuses a value of the wrong type, on read and before a write", () => {
    expect(() => parseServiceConfig({ useEmailService: "yes" })).toThrow();
    expect(() => parseServiceConfig({ emailServiceConfig: { type: "smtp" } })).toThrow();
    const badTrigger = { webhookServiceConfig: { triggers: { "comment.add": 1 } } };
    expect(serviceConfigSchema.safeParse(badTrigger).success).toBe(false);
    expect(serviceConfigSchema.safeParse({ defaultDocumentAccessType: "everyone" }).success).toBe(false);
  });
});

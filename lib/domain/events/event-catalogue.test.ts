import { describe, expect, it } from "vitest";
import { defaultEmailTriggers } from "../email/email-settings";
import { defaultWebhookTriggers } from "../webhooks/webhook-settings";
import { eventCatalogue, eventLabel, orderedTriggers } from "./event-catalogue";
import { weftEventTypes } from "./event";

describe("event catalogue", () => {
  it("labels an event the same by its type and by its trigger key", () => {
    expect(eventLabel("reaction.add")).toBe("Reaction added");
    expect(eventLabel("comment.reaction_add")).toBe("Reaction added");
    expect(eventLabel("comment.add")).toBe("Comment added");
  });

  it("covers every event weft emits and every default trigger, with distinct labels", () => {
    expect(eventCatalogue.map((e) => e.type)).toEqual([...weftEventTypes]);
    const triggers = [...Object.keys(defaultEmailTriggers()), ...Object.keys(defaultWebhookTriggers())];
    for (const t of triggers) expect(eventLabel(t), t).not.toBe(t);
    const labels = eventCatalogue.map((e) => e.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("keeps an unknown stored trigger as it is, after the known ones", () => {
    expect(eventLabel("custom.thing")).toBe("custom.thing");
    expect(orderedTriggers(["custom.thing", "comment.add", "comment_annotation.add"])).toEqual([
      "comment_annotation.add",
      "comment.add",
      "custom.thing",
    ]);
  });
});

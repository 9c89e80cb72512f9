import { z } from "zod";
import { describe, expect, it } from "vitest";
import { checkForm, humanize, serverErrors } from "./field-errors";

const schema = z.strictObject({
  aiModelApiKey: z.array(z.strictObject({ provider: z.string(), customerApiKey: z.string().min(1) })).optional(),
  ownerEmail: z.email(),
  avatar: z.url().optional(),
});
const labels = {
  "aiModelApiKey[0].customerApiKey": "Provider API key",
  ownerEmail: "Owner email",
  avatar: "Avatar URL",
};

describe("form errors", () => {
  it("words each failing input as a sentence with its label, never the schema path", () => {
    const r = checkForm(
      schema,
      { aiModelApiKey: [{ provider: "openai", customerApiKey: "" }], ownerEmail: "nope", avatar: "x" },
      labels,
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        fields: {
          "aiModelApiKey[0].customerApiKey": "Provider API key must not be empty.",
          ownerEmail: "Owner email must be a valid email address.",
          avatar: "Avatar URL must be a valid URL.",
        },
        form: null,
      },
    });
  });

  it("keeps what no input stands for at the form, and passes a valid value through", () => {
    const r = checkForm(schema, { ownerEmail: "a@example.com", extra: 1 }, labels);
    expect(r).toEqual({ ok: false, errors: { fields: {}, form: "Unknown field: extra." } });
    expect(checkForm(schema, { ownerEmail: "a@example.com" }, labels)).toEqual({
      ok: true,
      data: { ownerEmail: "a@example.com" },
    });
  });

  it("puts a server refusal at the input its message or field names, else at the form", () => {
    expect(serverErrors("ownerEmail must be a valid email address.", "ownerEmail", labels)).toEqual({
      fields: { ownerEmail: "Owner email must be a valid email address." },
      form: null,
    });
    expect(serverErrors("This email domain is not supported.", "ownerEmail", labels)).toEqual({
      fields: { ownerEmail: "This email domain is not supported." },
      form: null,
    });
    expect(serverErrors("Creating an additional workspace requires a paid plan.", undefined, labels)).toEqual({
      fields: {},
      form: "Creating an additional workspace requires a paid plan.",
    });
    expect(humanize("ownerEmailX is odd.", labels)).toBe("ownerEmailX is odd.");
  });
});

import { describe, expect, it } from "vitest";
import { domainsInput } from "@/lib/domain/domains/domains-input";
import { withDomainCheck } from "./domain-list";
import { checkForm } from "./field-errors";
import { splitList } from "./format";

const form = withDomainCheck(domainsInput, "domains");
const labels = { domains: "Add domains" };

describe("allowed domains in the console", () => {
  it("keeps a phrase with spaces as one entry and refuses it at the input", () => {
    expect(splitList("not a domain!!")).toEqual(["not a domain!!"]);
    expect(checkForm(form, { domains: splitList("not a domain!!") }, labels)).toEqual({
      ok: false,
      errors: {
        fields: {
          domains:
            "“not a domain!!” is not a domain. Enter a host name such as app.example.com or *.example.com, or an origin such as https://app.example.com.",
        },
        form: null,
      },
    });
  });

  it("accepts host names, wildcards and origins separated by commas or lines", () => {
    const domains = splitList("app.example.com, *.example.org\nhttps://docs.example.com:8443");
    expect(domains).toEqual(["app.example.com", "*.example.org", "https://docs.example.com:8443"]);
    expect(checkForm(form, { domains }, labels)).toEqual({ ok: true, data: { domains } });
  });
});

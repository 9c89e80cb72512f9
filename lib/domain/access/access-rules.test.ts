import { describe, expect, it } from "vitest";
import {
  type GrantFact,
  organizationAccess,
  type ResourceFact,
  serviceAccess,
  unregisteredDocument,
  userAccess,
} from "./access-rules";

const NOW = 1_000_000;
const org = { disabled: false, deleted: false };
const doc = (accessType: ResourceFact["accessType"], folders: string[] = [], disabled = false): ResourceFact => ({
  kind: "document",
  id: "d",
  accessType,
  disabled,
  folders,
});
const grant = (
  type: GrantFact["type"],
  id: string,
  accessRole: GrantFact["accessRole"] = "editor",
  expiresAt?: number,
) => ({
  type,
  id,
  accessRole,
  expiresAt: expiresAt ?? null,
});
const decide = (resource: ResourceFact, grants: GrantFact[], o = org) => userAccess("o", o, resource, grants, NOW);

describe("access rules", () => {
  it("public: anyone gets in, as editor unless their grants say otherwise", () => {
    expect(decide(doc("public"), [])).toEqual({ role: "editor", reason: "public", accessType: "public" });
    expect(decide(doc("public"), [grant("organization", "o", "viewer")])).toMatchObject({
      role: "viewer",
      reason: "organization-grant",
    });
  });

  it("organizationPrivate: members (any grant) only; an unregistered document counts as organizationPrivate", () => {
    expect(decide(doc("organizationPrivate"), [])).toMatchObject({ role: null, reason: "not-permitted" });
    expect(decide(doc("organizationPrivate"), [grant("organization", "o")]).role).toBe("editor");
    expect(decide(doc("organizationPrivate", ["f"]), [grant("folder", "f", "viewer")]).role).toBe("viewer");
    expect(decide(unregisteredDocument("d"), [])).toMatchObject({ role: null, accessType: "organizationPrivate" });
    expect(decide(unregisteredDocument("d"), [grant("document", "d", "viewer")]).role).toBe("viewer");
    // A grant on another organization's id covers nothing here.
    expect(decide(unregisteredDocument("d"), [grant("organization", "other")]).role).toBeNull();
  });

  it("restricted: only a document or folder grant opens it, not membership of the organization", () => {
    expect(decide(doc("restricted"), [grant("organization", "o")])).toMatchObject({
      role: null,
      reason: "not-permitted",
    });
    expect(decide(doc("restricted", ["top", "inner"]), [grant("folder", "top", "viewer")])).toMatchObject({
      role: "viewer",
      reason: "folder-grant",
    });
    expect(decide(doc("restricted"), [grant("document", "d")])).toMatchObject({
      role: "editor",
      reason: "document-grant",
    });
  });

  it("the most specific grant decides: document over the nearest folder over folders above over organization", () => {
    const chain = doc("public", ["top", "inner"]);
    expect(decide(chain, [grant("organization", "o"), grant("document", "d", "viewer")]).role).toBe("viewer");
    expect(decide(chain, [grant("folder", "top"), grant("folder", "inner", "viewer")]).role).toBe("viewer");
    expect(decide(chain, [grant("folder", "top", "viewer"), grant("organization", "o")]).role).toBe("viewer");
    // Within one level editor wins.
    expect(decide(chain, [grant("document", "d", "viewer"), grant("document", "d")]).role).toBe("editor");
  });

  it("expired grants count for nothing; the deciding grants' expiry is reported", () => {
    expect(decide(doc("restricted"), [grant("document", "d", "editor", NOW - 1)]).role).toBeNull();
    expect(decide(doc("restricted"), [grant("document", "d", "editor", NOW + 5)])).toMatchObject({
      role: "editor",
      expiresAt: NOW + 5,
    });
    expect(
      decide(doc("restricted"), [grant("document", "d", "editor", NOW + 5), grant("document", "d")]),
    ).not.toHaveProperty("expiresAt");
  });

  it("disabled and deleted shut end users out whatever they are granted; a service token only by a delete", () => {
    const all = [grant("document", "d"), grant("organization", "o")];
    expect(decide(doc("public", [], true), all)).toMatchObject({ role: null, reason: "document-disabled" });
    expect(decide(doc("public"), all, { disabled: true, deleted: false })).toMatchObject({
      reason: "organization-disabled",
    });
    expect(decide(doc("public"), all, { disabled: false, deleted: true })).toMatchObject({
      reason: "organization-deleted",
    });
    expect(serviceAccess({ disabled: true, deleted: false }, doc("restricted", [], true)).role).toBe("editor");
    expect(serviceAccess({ disabled: false, deleted: true }, unregisteredDocument("d")).role).toBeNull();
  });

  it("the organization itself admits only users with an organization grant", () => {
    expect(organizationAccess("o", org, [grant("document", "d")], NOW).role).toBeNull();
    expect(organizationAccess("o", org, [grant("organization", "o", "viewer")], NOW).role).toBe("viewer");
    expect(organizationAccess("o", { disabled: true, deleted: false }, [grant("organization", "o")], NOW).reason).toBe(
      "organization-disabled",
    );
  });
});

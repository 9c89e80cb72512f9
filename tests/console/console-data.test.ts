import { describe, expect, it } from "vitest";
import { OPERATOR_SCOPE } from "@/lib/domain/scope";
import { listEmailLog } from "@/lib/domain/email/list-email-log";
import { listWorkspacePage } from "@/lib/domain/workspaces/list-workspace-page";
import { db } from "@/lib/infra/db";
import { newWorkspace, uniqueEmail, useTestDatabase } from "../helpers/api";

useTestDatabase();

describe("console data reads", () => {
  it("list workspaces newest first, with a search and the total that matches", async () => {
    const marker = `zq${process.pid}x`;
    const older = await newWorkspace(uniqueEmail(`${marker}a`));
    const newer = await newWorkspace(uniqueEmail(`${marker}b`));
    await newWorkspace();

    const all = await listWorkspacePage(OPERATOR_SCOPE, { pageSize: 2 }, db());
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.workspaces).toHaveLength(2);
    const dates = all.workspaces.map((w) => w.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const found = await listWorkspacePage(OPERATOR_SCOPE, { search: marker.toUpperCase() }, db());
    expect(found.total).toBe(2);
    expect(found.workspaces.map((w) => w.id)).toEqual([newer.workspace.id, older.workspace.id]);
    const first = await listWorkspacePage(OPERATOR_SCOPE, { search: marker, pageSize: 1 }, db());
    const second = await listWorkspacePage(
      OPERATOR_SCOPE,
      { search: marker, pageSize: 1, pageToken: first.nextPageToken },
      db(),
    );
    expect([...first.workspaces, ...second.workspaces].map((w) => w.id)).toEqual([
      newer.workspace.id,
      older.workspace.id,
    ]);
    expect(second.nextPageToken).toBeUndefined();
    const byId = await listWorkspacePage(OPERATOR_SCOPE, { search: older.workspace.id }, db());
    expect(byId.workspaces.map((w) => w.id)).toEqual([older.workspace.id]);
    // An owner searches only their own.
    const foreign = await listWorkspacePage(
      { level: "owner", ownerEmail: "someone@example.com" },
      { search: marker },
      db(),
    );
    expect(foreign).toMatchObject({ total: 0, workspaces: [] });
  });

  it("list a key's emails newest first, filtered by status, with the provider's answer", async () => {
    const w = await newWorkspace();
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const base = { apiKeyId: w.apiKey, eventType: "comment.add", eventId: "e" };
    await db().emailDelivery.createMany({
      data: [
        { ...base, id: "em1", to: "a@example.com", status: "sent", attempts: 1, createdAt: at(1) },
        {
          ...base,
          id: "em2",
          to: "b@example.com",
          status: "failed",
          attempts: 5,
          lastError: "401 bad key",
          createdAt: at(2),
        },
        { ...base, id: "em3", to: "c@example.com", status: "sent", attempts: 1, createdAt: at(3) },
      ],
    });
    const scope = { level: "apiKey" as const, workspaceId: w.workspace.id, apiKeyId: w.apiKey };
    const all = await listEmailLog(scope, { pageSize: 2 }, db());
    expect(all.emails.map((e) => e.id)).toEqual(["em3", "em2"]);
    expect(all.emails[1]).toMatchObject({ status: "failed", lastError: "401 bad key", to: "b@example.com" });
    expect(all.statuses).toEqual(["failed", "sent"]);
    const rest = await listEmailLog(scope, { pageSize: 2, pageToken: all.nextPageToken }, db());
    expect(rest.emails.map((e) => e.id)).toEqual(["em1"]);
    const failed = await listEmailLog(scope, { pageSize: 20, status: "failed" }, db());
    expect(failed.emails.map((e) => e.id)).toEqual(["em2"]);
    const other = await newWorkspace();
    const none = await listEmailLog({ ...scope, apiKeyId: other.apiKey }, { pageSize: 20 }, db());
    expect(none.emails).toEqual([]);
  });
});

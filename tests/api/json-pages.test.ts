import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { dispatch } from "@/lib/api/dispatch";
import { documentOutput } from "@/lib/domain/documents/documents-contract";
import { usersOutput } from "@/lib/domain/users/users-contract";
import { db } from "@/lib/infra/db";
import { asKey, newWorkspace, useTestDatabase } from "../helpers/api";

// Get Documents (and Get Users) answer pages whose JSON the database writes (lib/domain/json-text.ts). These
// tests hold that text to what the output schema makes of the same rows, byte for byte: names with quotes,
// backslashes, control characters, line separators and characters outside the BMP; absent optional fields.

useTestDatabase();

/** The reply's exact bytes, through the real dispatcher. */
async function replyText(path: string, data: unknown, headers: Record<string, string>): Promise<string> {
  const res = await dispatch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: JSON.stringify({ data }),
      headers: { "content-type": "application/json", ...headers },
    }),
    { clientIp: "203.0.113.1" },
  );
  expect(res.status).toBe(200);
  return res.text();
}

const awkward = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    'a"b',
    "back\\slash",
    "tab\tnew\nline\r",
    "\u0001\u001f\u007f",
    "\u2028\u2029",
    "😀 ünï",
    "</script>",
  ),
);

describe("pages written by the database", () => {
  it("Get Documents sends what documentOutput makes of the rows", async () => {
    const w = await newWorkspace();
    const api = asKey(w);
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: fc.option(awkward, { nil: undefined }), folder: fc.boolean() }), {
          minLength: 0,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 5 }),
        async (documents, pageSize) => {
          const organizationId = `org-${round++}`;
          await api("/v2/organizations/folders/add", {
            organizationId,
            createOrganization: true,
            folders: [{ folderId: "f" }],
          });
          if (documents.length) {
            const added = await api("/v2/organizations/documents/add", {
              organizationId,
              createOrganization: true,
              documents: documents.map((d, i) => ({
                documentId: `d${i}`,
                ...(d.name !== undefined && { documentName: d.name.replaceAll("\u0000", "") }),
              })),
            });
            expect(added.status).toBe(200);
            const inFolder = documents.flatMap((d, i) => (d.folder ? [`d${i}`] : []));
            if (inFolder.length) {
              await db().document.updateMany({
                where: { apiKeyId: w.apiKey, organizationId, documentId: { in: inFolder } },
                data: { folderId: "f" },
              });
            }
          }
          const rows = await db().document.findMany({
            where: { apiKeyId: w.apiKey, organizationId },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            take: pageSize,
          });
          const expected = JSON.stringify(
            z.array(documentOutput).parse(
              rows.map((d) => ({
                id: d.documentId,
                documentName: d.documentName ?? undefined,
                disabled: d.disabled,
                accessType: d.accessType,
                folderId: d.folderId ?? undefined,
              })),
            ),
          );
          const text = await replyText("/v2/organizations/documents/get", { organizationId, pageSize }, w.key);
          expect(
            text.startsWith(
              `{"result":{"status":"success","message":"Document(s) retrieved successfully.","data":${expected}`,
            ),
          ).toBe(true);
          const body = JSON.parse(text);
          expect(body.result.pageToken === undefined).toBe(documents.length <= pageSize);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("Get Users sends what the users output schema makes of the rows, as a list and grouped by document", async () => {
    const w = await newWorkspace();
    let round = 0;
    const profile = fc.record({
      name: fc.option(awkward, { nil: null }),
      email: fc.option(awkward, { nil: null }),
      photoUrl: fc.option(awkward, { nil: null }),
      initial: fc.option(awkward, { nil: null }),
      color: fc.option(awkward, { nil: null }),
      textColor: fc.option(awkward, { nil: null }),
      groupIds: fc.array(awkward, { maxLength: 3 }),
      accessRole: fc.constantFrom("editor", "viewer", ""),
      documentId: fc.constantFrom("7", "doc-b", "__proto__", "a"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(profile, { maxLength: 8 }), fc.integer({ min: 1, max: 5 }), async (users, pageSize) => {
        const organizationId = `org-${round++}`;
        const clean = (v: string | null) => v?.replaceAll("\u0000", "") ?? null;
        await db().organization.create({
          data: { id: `${w.apiKey}-${organizationId}`, apiKeyId: w.apiKey, organizationId },
        });
        for (const [i, u] of users.entries()) {
          const userId = `u${i}`;
          await db().organizationUser.create({
            data: {
              id: `${organizationId}-${userId}`,
              apiKeyId: w.apiKey,
              organizationId,
              userId,
              name: clean(u.name),
              email: clean(u.email),
              photoUrl: clean(u.photoUrl),
              initial: clean(u.initial),
              color: clean(u.color),
              textColor: clean(u.textColor),
            },
          });
          // A user's groups are rows of UserGroupMember, each group a UserGroup of the organization.
          for (const groupId of new Set(u.groupIds.map((g) => g.replaceAll("\u0000", "")))) {
            await db().userGroup.upsert({
              where: { apiKeyId_organizationId_groupId: { apiKeyId: w.apiKey, organizationId, groupId } },
              create: { id: `${organizationId}-group-${groupId}`, apiKeyId: w.apiKey, organizationId, groupId },
              update: {},
            });
            await db().userGroupMember.create({ data: { apiKeyId: w.apiKey, organizationId, groupId, userId } });
          }
          for (const [resourceType, resourceId] of [
            ["organization", organizationId],
            ["document", u.documentId],
          ]) {
            await db().membership.create({
              data: {
                id: `${organizationId}-${userId}-${resourceType}`,
                apiKeyId: w.apiKey,
                organizationId,
                userId,
                resourceType,
                resourceId,
                accessRole: u.accessRole,
              },
            });
          }
        }
        for (const grouped of [false, true]) {
          const members = await db().membership.findMany({
            where: { apiKeyId: w.apiKey, organizationId, resourceType: grouped ? "document" : "organization" },
            orderBy: [{ createdAt: "asc" }, { id: "asc" }],
            take: pageSize,
            include: { user: { include: { groups: { orderBy: { groupId: "asc" } } } } },
          });
          const view = (m: (typeof members)[number]) => ({
            userId: m.user.userId,
            name: m.user.name ?? undefined,
            email: m.user.email ?? undefined,
            photoUrl: m.user.photoUrl ?? undefined,
            initial: m.user.initial ?? undefined,
            color: m.user.color ?? undefined,
            textColor: m.user.textColor ?? undefined,
            organizationUserGroupIds: m.user.groups.length ? m.user.groups.map((g) => g.groupId) : undefined,
            accessRole: m.accessRole || undefined,
          });
          const data = grouped ? Object.create(null) : [];
          for (const m of members) {
            if (grouped) (data[m.resourceId] ??= []).push(view(m));
            else data.push(view(m));
          }
          const expected = JSON.stringify(usersOutput.parse(data));
          const text = await replyText(
            "/v2/users/get",
            { organizationId, pageSize, ...(grouped && { allDocuments: true, groupByDocumentId: true }) },
            w.key,
          );
          expect(
            text.startsWith(
              `{"result":{"status":"success","message":"User(s) retrieved successfully.","data":${expected}`,
            ),
          ).toBe(true);
          expect(JSON.parse(text).result.nextPageToken === undefined).toBe(users.length <= pageSize);
        }
      }),
      { numRuns: 25 },
    );
  });
});

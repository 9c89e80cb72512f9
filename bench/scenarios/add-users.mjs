// Add Users of 1,000 users in one call, against a raw multi-row INSERT of the same rows (directory profile,
// organization membership and group membership per user) through a plain pg client, in the same run on the same database. Both
// write `batches` batches one after another; rows/s = users written / wall time.
import pg from "pg";
import { postOk } from "../lib/http.mjs";

export const USERS_ORG = "bench-users";
const BATCH = 1000;

function users(prefix, n) {
  return Array.from({ length: n }, (_, i) => ({
    userId: `${prefix}-${i}`,
    name: `Bench User ${prefix} ${i}`,
    email: `${prefix}-${i}@example.com`,
    organizationUserGroupIds: ["bench"],
  }));
}

async function weftBatches(base, keyHeaders, batches) {
  await postOk(
    base,
    "/v2/users/add",
    { organizationId: USERS_ORG, createOrganization: true, users: users("warm", 10) },
    keyHeaders,
  );
  const started = performance.now();
  for (let b = 0; b < batches; b++) {
    const result = await postOk(
      base,
      "/v2/users/add",
      { organizationId: USERS_ORG, users: users(`w${b}`, BATCH) },
      keyHeaders,
    );
    const failed = Object.values(result.data ?? {}).filter((r) => r && r.success === false);
    if (failed.length) throw new Error(`Add Users: ${failed.length} users failed: ${JSON.stringify(failed[0])}`);
  }
  return performance.now() - started;
}

function valuesList(rows, width) {
  return rows
    .map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(", ")})`)
    .join(", ");
}

async function rawBatches(databaseUrl, apiKeyId, batches) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    for (let b = 0; b < batches; b++) {
      const batch = users(`r${b}`, BATCH);
      const now = new Date();
      const profiles = batch.flatMap((u) => [
        `raw_${b}_${u.userId}`,
        apiKeyId,
        USERS_ORG,
        u.userId,
        u.name,
        u.email,
        u.name[0],
        now,
        now,
      ]);
      // Group membership is a row per user and group (the group exists: weft's batches made it).
      const groups = batch.flatMap((u) =>
        u.organizationUserGroupIds.flatMap((groupId) => [apiKeyId, USERS_ORG, groupId, u.userId, now]),
      );
      const memberships = batch.flatMap((u) => [
        `rawm_${b}_${u.userId}`,
        apiKeyId,
        USERS_ORG,
        u.userId,
        "organization",
        USERS_ORG,
        "editor",
        now,
        now,
      ]);
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO "OrganizationUser" ("id","apiKeyId","organizationId","userId","name","email","initial","createdAt","updatedAt") VALUES ${valuesList(batch, 9)}`,
        profiles,
      );
      await client.query(
        `INSERT INTO "UserGroupMember" ("apiKeyId","organizationId","groupId","userId","createdAt") VALUES ${valuesList(batch, 5)}`,
        groups,
      );
      await client.query(
        `INSERT INTO "Membership" ("id","apiKeyId","organizationId","userId","resourceType","resourceId","accessRole","createdAt","updatedAt") VALUES ${valuesList(batch, 9)}`,
        memberships,
      );
      await client.query("COMMIT");
    }
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/** Embedded mode's Get Users organization: the same weft batches, without the raw INSERT comparison. */
export async function seedUsers(base, keyHeaders, batches) {
  const ms = await weftBatches(base, keyHeaders, batches);
  return { users: batches * BATCH + 10, rowsPerSec: (batches * BATCH) / (ms / 1000) };
}

export async function measureAddUsers({ base, keyHeaders, databaseUrl, apiKeyId, batches }) {
  const weftMs = await weftBatches(base, keyHeaders, batches);
  const rawMs = await rawBatches(databaseUrl, apiKeyId, batches);
  const rows = batches * BATCH;
  const weftRowsPerSec = rows / (weftMs / 1000);
  const rawRowsPerSec = rows / (rawMs / 1000);
  return {
    batchSize: BATCH,
    batches,
    weft: { ms: weftMs, rowsPerSec: weftRowsPerSec, msPerBatch: weftMs / batches },
    raw: { ms: rawMs, rowsPerSec: rawRowsPerSec, msPerBatch: rawMs / batches },
    ratioToRaw: weftRowsPerSec / rawRowsPerSec,
    target: ">= 0.5 of the raw insert rate",
  };
}

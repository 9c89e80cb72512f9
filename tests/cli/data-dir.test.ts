import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The embedded database's data dir on a tiny, a full and a read-only file system: start-up stops with a
// message naming the directory and the fix, never a stack trace. Each case runs the operator CLI inside a
// user + mount namespace (`unshare -rm`) on its own tmpfs, so no root and no real disk is needed.

const weft = path.resolve("node_modules/.bin/weft");

function namespacesWork(): boolean {
  try {
    execFileSync("unshare", ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Mounts a tmpfs of `size` at /mnt/weft in a fresh namespace, runs `prepare` there, then the CLI on it. */
function cliOnTmpfs(size: string, prepare: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, WEFT_DATA_DIR: "/mnt/weft/data", WEFT_LOG_LEVEL: "error" };
  delete env.DATABASE_URL;
  const script = `mkdir -p /mnt/weft && mount -t tmpfs -o size=${size} tmpfs /mnt/weft && ${prepare} && exec "$0" workspace:list`;
  return spawnSync("unshare", ["-rm", "sh", "-c", script, weft], { env, encoding: "utf8", timeout: 120_000 });
}

describe.runIf(namespacesWork())("embedded data dir on a constrained file system", () => {
  it("refuses to create a database where there is not enough space for it", () => {
    const r = cliOnTmpfs("2m", "true");
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(
      /The data directory \/mnt\/weft\/data has [\d.]+ MB free; a new embedded database needs at least 64\.0 MB\. Set WEFT_DATA_DIR/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("says the disk is full when not even a small file fits", () => {
    const r = cliOnTmpfs(
      "2m",
      "mkdir -p /mnt/weft/data && (dd if=/dev/zero of=/mnt/weft/fill bs=64k 2>/dev/null || true)",
    );
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(
      /The data directory \/mnt\/weft\/data has no space left \(0\.0 MB free\)\. Set WEFT_DATA_DIR/,
    );
  });

  it("says the data dir is on a read-only file system", () => {
    const r = cliOnTmpfs("100m", "mkdir -p /mnt/weft/data && mount -o remount,ro /mnt/weft");
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(
      /The data directory \/mnt\/weft\/data is not writable \(EROFS\) \(a read-only file system\)\. Set WEFT_DATA_DIR/,
    );
  });
});

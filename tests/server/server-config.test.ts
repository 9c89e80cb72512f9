import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";

// server.mjs validates its own settings before it builds or loads Next: a bad value stops the start with a
// message naming the variable (it used to become NaN).
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, ["server.mjs"], {
      env: { ...process.env, WEFT_SKIP_BUILD: "true", WEFT_DATA_DIR: "/nonexistent/weft-unused", ...env },
      timeout: 60_000,
    });
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("server.mjs configuration", () => {
  it("refuses WEFT_HEADERS_TIMEOUT_MS=abc and names the variable", async () => {
    const { code, stderr } = await startServer({ WEFT_HEADERS_TIMEOUT_MS: "abc" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/weft cannot start: Invalid configuration:\n {2}WEFT_HEADERS_TIMEOUT_MS: /);
  });

  it("refuses a bad PORT the same way", async () => {
    const { code, stderr } = await startServer({ PORT: "http" });
    expect(code).toBe(1);
    expect(stderr).toContain("PORT: ");
  });
});

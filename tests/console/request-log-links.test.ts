import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { replayCommand, replayVariables } from "@/lib/console/usage/replay-command";
import { filterFromSearchParams, searchOfFilter, utcTime } from "@/lib/console/usage/request-log-filter";

// What the request log's pages put in a developer's hands: the curl that replays a logged call (run here by a
// real shell, with curl standing in as a printer of its arguments) and the filter a shared URL stands for.

/** The arguments curl would get when `command` runs in bash with `env`. */
function curlArguments(command: string, env: Record<string, string>): string[] {
  const script = `curl() { node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@"; }\n${command}`;
  return JSON.parse(execFileSync("bash", ["-c", script], { env: { ...process.env, ...env }, encoding: "utf8" }));
}

describe("the replay command", () => {
  const call = {
    method: "POST",
    url: "/v2/workspace/apikeyconfig/update",
    requestHeaders: [
      ["host", "localhost:3000"],
      ["content-type", "application/json"],
      ["user-agent", "node"],
      ["x-service-api-key", "key_123"],
      ["x-service-auth-token", "[redacted]"],
      ["x-service-workspace-auth-token", "[redacted]"],
    ] as [string, string][],
    requestBody: `{"data":{"note":"it's $HOME and \`date\`","customerApiKey":"[redacted]"}}`,
  };

  it("sends the logged body byte for byte and the credentials from shell variables, never a value", () => {
    const command = replayCommand(call, "https://weft.example.com/");
    expect(command).not.toContain("host:");
    expect(replayVariables(call.requestHeaders)).toEqual(["WEFT_AUTH_TOKEN", "WEFT_WORKSPACE_AUTH_TOKEN"]);
    const args = curlArguments(command, { WEFT_AUTH_TOKEN: "token-from-env", WEFT_WORKSPACE_AUTH_TOKEN: "ws-token" });
    expect(args).toEqual([
      "-X",
      "POST",
      "https://weft.example.com/v2/workspace/apikeyconfig/update",
      "-H",
      "content-type: application/json",
      "-H",
      "x-service-api-key: key_123",
      "-H",
      "x-service-auth-token: token-from-env",
      "-H",
      "x-service-workspace-auth-token: ws-token",
      "--data-raw",
      call.requestBody,
    ]);
  });

  it("sends no body when the call had none, and keeps the query of the path", () => {
    const command = replayCommand({ ...call, method: "GET", url: "/v2/x?a=1&b='2'", requestBody: null }, "http://h");
    expect(curlArguments(command, { WEFT_AUTH_TOKEN: "t", WEFT_WORKSPACE_AUTH_TOKEN: "w" }).slice(0, 3)).toEqual([
      "-X",
      "GET",
      "http://h/v2/x?a=1&b='2'",
    ]);
    expect(command).not.toContain("--data-raw");
  });
});

describe("the request log's URL", () => {
  it("stands for the filter it was made from, so a shared or reloaded link shows the same calls", () => {
    const filter = {
      outcome: "clientError" as const,
      operation: "/v2/users/get",
      requestId: "req_1",
      since: "2026-05-01T14:00:00Z",
      until: "2026-05-02T00:00:30Z",
    };
    const search = searchOfFilter(filter);
    expect(search).toBe(
      "?outcome=clientError&operation=%2Fv2%2Fusers%2Fget&requestId=req_1&since=2026-05-01T14%3A00%3A00Z&until=2026-05-02T00%3A00%3A30Z",
    );
    expect(filterFromSearchParams(new URLSearchParams(search))).toEqual(filter);
    expect(searchOfFilter({})).toBe("");
  });

  it("leaves out what the log cannot filter by instead of failing the page", () => {
    expect(
      filterFromSearchParams({
        outcome: "teapot",
        since: "yesterday",
        until: "2026-13-40T99:00",
        requestId: ["a", "b"],
      }),
    ).toEqual({});
  });

  it("reads a date-time field as UTC, to the second", () => {
    expect(utcTime("2026-05-01T14:00")).toBe("2026-05-01T14:00:00Z");
    expect(utcTime("2026-05-01T14:00:05")).toBe("2026-05-01T14:00:05Z");
    expect(utcTime("")).toBeUndefined();
  });
});

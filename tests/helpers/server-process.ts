import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// Starts tests/helpers/server-main.mjs as a separate OS process on the given database.

export interface ServerProcess {
  child: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.resolve("tests/helpers/server-main.mjs")], {
    env: { ...process.env, WEFT_LOG_LEVEL: process.env.WEFT_TEST_CHILD_LOG ?? "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server process not ready in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.WEFT_TEST_CHILD_LOG) process.stderr.write(chunk);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server process exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    child,
    kill: (signal: NodeJS.Signals = "SIGKILL") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill(signal);
      }),
  };
}

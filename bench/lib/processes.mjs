// Child processes of a bench run (servers, PostgreSQL), started in their own process group and always stopped
// on exit, also on an error or Ctrl-C.
import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import net from "node:net";

const children = new Set();
const cleanups = [];

export function startNode(name, args, { cwd, env, logFile }) {
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.name = name;
  child.logFile = logFile;
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* gone */
    }
  }
}

export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  killGroup(child, "SIGTERM");
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs `fn` when the bench ends (after every child is stopped), in reverse order of registration. */
export function onCleanup(fn) {
  cleanups.push(fn);
}

let cleaning = null;
export function cleanup() {
  cleaning ??= (async () => {
    await Promise.all([...children].map(stopChild));
    for (const fn of cleanups.reverse()) await fn().catch(() => {});
  })();
  return cleaning;
}

process.on("exit", () => {
  for (const child of children) killGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, async () => {
    console.error(`\nbench: ${signal}, cleaning up`);
    await cleanup();
    process.exit(130);
  });
}

export function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitFor(name, child, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${name} exited (${child.exitCode ?? child.signalCode}) before it was ready; log ${child.logFile}:\n${tail(child.logFile)}`,
      );
    }
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; log ${child.logFile}:\n${tail(child.logFile)}`);
}

// Waits for a child running scripts/api-server.mjs to print "listening <port>"; resolves with its base URL.
// Rejects when it exits first or takes longer than `timeoutMs`; `describe()` adds context (its log) to errors.
export function untilListening(child, timeoutMs, describe = () => "") {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the API server did not start within ${timeoutMs / 1000} s${describe()}`)),
      timeoutMs,
    );
    child.stdout.on("data", (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the API server exited (${code}) before it listened${describe()}`));
    });
  });
}

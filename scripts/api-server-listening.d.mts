import type { ChildProcess } from "node:child_process";
export function untilListening(child: ChildProcess, timeoutMs: number, describe?: () => string): Promise<string>;

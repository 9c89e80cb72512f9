import { afterEach } from "vitest";
import { reloadEnvForTests } from "@/lib/infra/env";

/**
 * Settings a test changes for itself: `setEnv` sets variables over the ones the file started with, and each test
 * ends with those back.
 */
export function useEnvOverrides() {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    reloadEnvForTests();
  });
  return function setEnv(vars: Record<string, string>) {
    Object.assign(process.env, vars);
    reloadEnvForTests();
  };
}

import { InvalidArgumentError, Option } from "commander";

// Flag parsers shared by the command groups. Bad values are usage errors: commander prints
// "error: option '--plan <plan>' argument 'gold' is invalid. Allowed choices are free, paid." and exits 1.

/** `--name on|off` → boolean. */
export function onOffOption(flags: string, description: string): Option {
  return new Option(flags, description).choices(["on", "off"]).argParser((value) => {
    if (value !== "on" && value !== "off") throw new InvalidArgumentError("Allowed choices are on, off.");
    return value === "on";
  });
}

export function intOption(flags: string, description: string, min: number, max: number): Option {
  return new Option(flags, description).argParser((value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`It must be an integer from ${min} to ${max}.`);
    }
    return n;
  });
}

/** Update commands change nothing without a flag: refuse before touching the database. */
export function requireOneOf(opts: Record<string, unknown>, names: Record<string, string>) {
  if (Object.keys(names).some((k) => opts[k] !== undefined)) return;
  throw new UsageError(`Give at least one of ${Object.values(names).join(", ")}.`);
}

export class UsageError extends Error {}

import { env } from "./env";

// Verified credentials, remembered for WEFT_AUTH_CACHE_MS so that a busy client does not pay a database
// round trip per call to prove the same token again. Keyed by the id and the token's keyed hash, so a hit
// means this exact pair was verified before; failures are never remembered. Changing credentials clears
// the cache of this process at once; other processes drop their entries when they expire.

const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

const holder = globalThis as unknown as { __weftCredentials?: Map<string, Entry<unknown>> };
const entries = (holder.__weftCredentials ??= new Map());

export function recallCredential<T>(key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry.value as T;
}

export function rememberCredential<T>(key: string, value: T): void {
  const ttl = env().WEFT_AUTH_CACHE_MS;
  if (ttl === 0) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { value, expiresAt: Date.now() + ttl });
}

/** Called after a change to any credential commits. */
export function forgetCredentials(): void {
  entries.clear();
}

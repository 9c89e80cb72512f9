import { afterCommit, type Tx } from "./db";
import { env } from "./env";
import { onReconnect, publish, subscribe } from "./notify-bus";

// Verified credentials, remembered for WEFT_AUTH_CACHE_MS so that a busy client does not pay a database
// round trip per call to prove the same token again. Keyed by the id and the token's keyed hash, so a hit
// means this exact pair was verified before; failures are never remembered. Facts every call of a key needs
// beside its credentials live here too, under `apiKey:<id>:<name>` (the organizations being deleted). A change of credentials is published on
// the notify bus in the changing transaction: every instance drops the entries of that key or workspace on receipt,
// this one as soon as the transaction commits.

const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

const holder = globalThis as unknown as { __weftCredentials?: Map<string, Entry<unknown>> };
const entries = (holder.__weftCredentials ??= new Map());

/** Bumped by every forget: a value read from the database before a forget must not be remembered after it. */
let generation = 0;

function recall<T>(key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry.value as T;
}

/**
 * The value remembered under `key`, or `load()`'s (remembered for WEFT_AUTH_CACHE_MS, unless a change was
 * published while it loaded: then the next call loads again). A failing `load` is not remembered.
 */
export async function cachedCredential<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cached = recall<T>(key);
  if (cached !== undefined) return cached;
  const since = generation;
  const value = await load();
  const ttl = env().WEFT_AUTH_CACHE_MS;
  if (ttl === 0 || since !== generation) return value;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { value, expiresAt: Date.now() + ttl });
  return value;
}

export const CREDENTIALS_CHANNEL = "weft_credentials";

/** Drops the entries of `ref` (`apiKey:<id>` or `workspace:<id>`), or every entry. */
export function forgetCredentials(ref?: string): void {
  generation += 1;
  if (ref === undefined) return entries.clear();
  const prefix = `${ref}:`;
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/** Called inside the transaction that changes the credentials of `ref` (`apiKey:<id>` or `workspace:<id>`). */
export async function credentialsChanged(tx: Tx, ref: string): Promise<void> {
  await publish(CREDENTIALS_CHANNEL, ref, tx);
  afterCommit(tx, () => forgetCredentials(ref));
}

const watching = globalThis as unknown as { __weftCredentialWatch?: boolean };

/** Start-up: drop entries when any instance changes credentials; drop all when notifications may have been missed. */
export function watchCredentialChanges(): void {
  if (watching.__weftCredentialWatch) return;
  watching.__weftCredentialWatch = true;
  subscribe(CREDENTIALS_CHANNEL, (ref) => forgetCredentials(ref));
  onReconnect(() => forgetCredentials());
}

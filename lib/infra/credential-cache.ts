import { afterCommit, type Tx } from "./db";
import { env } from "./env";
import { onReconnect, publish, subscribe } from "./notify-bus";
import { processSlot } from "./process-state";

// Verified credentials, remembered for WEFT_AUTH_CACHE_MS so that a busy client does not pay a database
// round trip per call to prove the same token again. Keyed by the id and the token's keyed hash, so a hit
// means this exact pair was verified before; failures are never remembered. Facts every call of a key needs
// beside its credentials live here too, under `apiKey:<id>:<name>` (the organizations being deleted). A change of credentials is published on
// the notify bus in the changing transaction: every instance drops the entries of that key or workspace on receipt,
// this one as soon as the transaction commits. A verification that read the database before such a change and
// finishes after it is not remembered: each key or workspace has a generation, bumped by every change, and a
// result is kept only if the generation it started under is still current.

const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

interface Generations {
  /** Bumped when every entry is dropped (and when the per-ref map is cleared to bound it). */
  all: number;
  byRef: Map<string, number>;
}

const state = processSlot("credentials", () => ({
  entries: new Map<string, Entry<unknown>>(),
  generations: { all: 0, byRef: new Map() } as Generations,
  watching: false,
}));
const { entries, generations } = state;

/** `apiKey:<id>` or `workspace:<id>` of a cache key `<ref>:<token hash>`. */
const refOf = (key: string) => key.slice(0, key.lastIndexOf(":"));

/** Taken before verifying the credential of cache key `key`; hand it to rememberCredential. */
export function credentialGeneration(key: string): string {
  return `${generations.all}/${generations.byRef.get(refOf(key)) ?? 0}`;
}

export function recallCredential<T>(key: string): T | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return entry.value as T;
}

/** Remembers a verified credential, unless it changed since `generation` (credentialGeneration) was taken. */
export function rememberCredential<T>(key: string, value: T, generation: string): void {
  const ttl = env().WEFT_AUTH_CACHE_MS;
  if (ttl === 0 || generation !== credentialGeneration(key)) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { value, expiresAt: Date.now() + ttl });
}

/**
 * The value remembered under `key`, or `load()`'s (remembered for WEFT_AUTH_CACHE_MS, unless its key or
 * workspace changed while it loaded: then the next call loads again). A failing `load` is not remembered.
 */
export async function cachedCredential<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cached = recallCredential<T>(key);
  if (cached !== undefined) return cached;
  const generation = credentialGeneration(key);
  const value = await load();
  rememberCredential(key, value, generation);
  return value;
}

export const CREDENTIALS_CHANNEL = "weft_credentials";

/** Drops the entries of `ref` (`apiKey:<id>` or `workspace:<id>`), or every entry. */
export function forgetCredentials(ref?: string): void {
  if (ref === undefined || generations.byRef.size >= MAX_ENTRIES) {
    generations.all++;
    generations.byRef.clear();
  }
  if (ref === undefined) return entries.clear();
  generations.byRef.set(ref, (generations.byRef.get(ref) ?? 0) + 1);
  const prefix = `${ref}:`;
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/** Called inside the transaction that changes the credentials of `ref` (`apiKey:<id>` or `workspace:<id>`). */
export async function credentialsChanged(tx: Tx, ref: string): Promise<void> {
  await publish(CREDENTIALS_CHANNEL, ref, tx);
  afterCommit(tx, () => forgetCredentials(ref));
}

/** Start-up: drop entries when any instance changes credentials; drop all when notifications may have been missed. */
export function watchCredentialChanges(): void {
  if (state.watching) return;
  state.watching = true;
  subscribe(CREDENTIALS_CHANNEL, (ref) => forgetCredentials(ref));
  onReconnect(() => forgetCredentials());
}

import { secretAad } from "@/lib/infra/crypto";

/** The associated data a workspace's auth token is sealed with: the ciphertext opens only on its own row. */
export const workspaceTokenAad = (workspaceId: string) => secretAad("Workspace", "authToken", workspaceId);

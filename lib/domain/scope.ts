// Who a call acts for. Every query a domain service runs is filtered by these ids.
export type Scope =
  | { level: "public"; clientIp: string }
  | { level: "workspace"; workspaceId: string }
  | { level: "apiKey"; workspaceId: string; apiKeyId: string };

export type PublicScope = Extract<Scope, { level: "public" }>;
export type WorkspaceScope = Extract<Scope, { level: "workspace" }>;
export type ApiKeyScope = Extract<Scope, { level: "apiKey" }>;

/** A signed-in console user, acting for the workspaces they own or are a member of (the operator sees all). */
export type OwnerScope = { level: "owner"; ownerEmail: string };

/** The instance operator: the `weft` CLI today, the admin console later. Sees every workspace and key. */
export type OperatorScope = { level: "operator" };

export const OPERATOR_SCOPE: OperatorScope = { level: "operator" };

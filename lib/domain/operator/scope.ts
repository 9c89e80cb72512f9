// The instance operator: the `weft` CLI today, the admin console later. Sees every workspace and key.
export type OperatorScope = { level: "operator" };

export const OPERATOR_SCOPE: OperatorScope = { level: "operator" };

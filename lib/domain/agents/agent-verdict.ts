// How an agent's run says "the check failed": the instruction asks the model to open its answer with
// PASS or FAIL, and an answer opening with FAIL ends the execution as `failed`. Anything else is `passed`
// (an agent that only summarises or rewrites has nothing to fail).

export const VERDICT_INSTRUCTION =
  "Start your answer with PASS if the text meets the instruction above, or FAIL if it does not, then explain briefly.";

export function withVerdictInstruction(instruction: string): string {
  return `${instruction}\n\n${VERDICT_INSTRUCTION}`;
}

export function verdictOf(answer: string): "passed" | "failed" {
  // Tolerates Markdown emphasis or a heading mark before the word: "**FAIL**", "# FAIL:".
  return /^[\s*#_>`-]*FAIL\b/i.test(answer) ? "failed" : "passed";
}

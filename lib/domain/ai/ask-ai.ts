import { z } from "zod";
import type { Reader } from "@/lib/infra/db";
import type { ApiKeyScope } from "../scope";
import { callModel } from "./call-model";

export const askAiInput = z.strictObject({
  model: z.string().min(1).max(200),
  prompt: z.string().min(1).max(20_000),
  text: z.string().min(1).max(500_000),
});

export function askAi(scope: ApiKeyScope, input: z.output<typeof askAiInput>, tx: Reader) {
  return callModel(scope.apiKeyId, input, tx);
}

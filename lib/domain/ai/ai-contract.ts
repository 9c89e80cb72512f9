import { z } from "zod";

// Ask AI's `result`: the model's answer, or the provider's failure as data.

export const askAiOutput = z.union([
  z.object({ success: z.literal(true), text: z.string() }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

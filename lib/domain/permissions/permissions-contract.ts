import { z } from "zod";

// Generate Token's reply.

export const generatedTokenOutput = z.object({
  token: z.string().describe("HS256 JWT, valid 48 hours; see docs/tokens.md."),
});

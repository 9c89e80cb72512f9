import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A JSON value for a Prisma Json column (undefined leaves the column as it is). */
export const asJson = (v: unknown) => (v === undefined ? undefined : (v as Prisma.InputJsonValue));

/** A JSON object a client sends for the service to keep and hand back (notificationSourceData, context, ...). */
export const jsonObject = z.record(z.string().max(200), z.unknown());

import { handleAuditExport } from "@/lib/console/audit/export-route";

// The workspace audit log as a CSV or JSON download (lib/console/audit/export-route.ts).
export const dynamic = "force-dynamic";

export const GET = handleAuditExport;

import { DocumentComments } from "./document-comments";
import { DocumentContent } from "./document-content";
import { DocumentNotifications } from "./document-notifications";
import { DocumentPresence } from "./document-presence";
import { DocumentSummary } from "./document-summary";

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

export interface DocumentCardProps {
  workspaceId: string;
  apiKeyId: string;
  document: DocumentRef;
}

/** One document as an integration stored it: its access, who is in it, its content, comments and notifications. */
export function DocumentPage(props: DocumentCardProps & { base: string }) {
  return (
    <>
      <DocumentSummary {...props} />
      <DocumentPresence {...props} />
      <DocumentContent {...props} />
      <DocumentComments {...props} />
      <DocumentNotifications {...props} />
    </>
  );
}

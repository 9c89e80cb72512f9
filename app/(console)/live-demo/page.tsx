import { PageHeader } from "@/components/console/page-header";
import { LiveDemoEditor, type LiveDemoFields } from "./live-demo-editor";

export const metadata = { title: "Live demo · weft" };

// Not at /live: a Next page there would take the live WebSocket's upgrade away from server.mjs. No session
// needed: the page holds nothing, the token typed in is what the live server checks. The fields can come from
// the query string (?key=&org=&doc=&editor=&contentKey=&kind=&url=), the token only from the fragment
// (#token=...): a fragment never reaches the server, its logs or a Referer header (live-demo-editor.tsx reads it).

export default async function LiveDemoPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const one = (name: string) => {
    const v = query[name];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const initial: LiveDemoFields = {
    url: one("url"),
    key: one("key"),
    org: one("org"),
    doc: one("doc"),
    editor: one("editor"),
    token: "",
    kind: one("kind") === "rich" ? "rich" : "text",
    contentKey: one("contentKey") || (one("kind") === "rich" ? "default" : "content"),
  };
  return (
    <>
      <PageHeader
        title="Live demo"
        description="A textarea on one CRDT editor's Y.Text, or a Tiptap editor on its XmlFragment, over the live WebSocket: open it twice and type."
      />
      <LiveDemoEditor initial={initial} />
    </>
  );
}

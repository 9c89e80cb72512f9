export default function Home() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold">weft</h1>
      <p className="mt-2 text-zinc-600">Collaboration backend. The REST API lives under /v1 and /v2.</p>
    </main>
  );
}

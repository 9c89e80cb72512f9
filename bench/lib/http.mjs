// JSON-over-HTTP calls the way weft's clients make them: POST {data}, answer {result} or {error}.

export async function post(base, p, data, headers = {}) {
  const res = await fetch(`${base}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ data }),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** POSTs and returns `result`, or throws with the answer when the call did not succeed. */
export async function postOk(base, p, data, headers = {}) {
  const r = await post(base, p, data, headers);
  if (r.status !== 200 || !r.body?.result)
    throw new Error(`POST ${p} -> ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r.body.result;
}

import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

// A local stand-in for SendGrid's v3 API: POST /v3/mail/send with a bearer key, JSON body, 202 on success.

export interface ReceivedMail {
  headers: IncomingHttpHeaders;
  /** Date.now() when the request arrived. */
  at: number;
  body: {
    personalizations: { to: { email: string }[] }[];
    from: { email: string; name?: string };
    subject: string;
    content: { type: string; value: string }[];
  };
}

export async function startFakeSendgrid() {
  const received: ReceivedMail[] = [];
  let nextStatus = 202;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v3/mail/send") {
        res.writeHead(404).end();
        return;
      }
      if (!/^Bearer SG\./.test(req.headers.authorization ?? "")) {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(JSON.stringify({ errors: [{ message: "authorization required" }] }));
        return;
      }
      received.push({ headers: req.headers, at: Date.now(), body: JSON.parse(raw) });
      if (nextStatus >= 400) {
        res
          .writeHead(nextStatus, { "content-type": "application/json" })
          .end(JSON.stringify({ errors: [{ message: "fake failure" }] }));
      } else {
        res.writeHead(nextStatus).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    failNextWith(status: number) {
      nextStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

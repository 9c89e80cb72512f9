// The JSON text of each reply the dispatcher built, kept beside the Response (which only streams it) so the
// request log can show the body without reading the stream again.

const texts = new WeakMap<Response, string>();

/** A Response of `text`, whose text `replyText` can hand back later. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  texts.set(response, text);
  return response;
}

export function replyText(response: Response): string | undefined {
  return texts.get(response);
}

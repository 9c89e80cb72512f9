// Browsers and crawlers ask for /favicon.ico whatever the page's <link rel="icon"> says: send them to the
// icon Next serves from app/icon.svg, instead of a 404.
export function GET(request: Request) {
  return Response.redirect(new URL("/icon.svg", request.url), 308);
}

// Minimal pages for the answers the server gives itself (the app renders its own 404 and
// 503 pages). Nothing of the failure reaches the body: no message, no stack.
import { NO_STORE } from "../../app/config/cache-control";

const TITLES: Record<number, string> = {
  400: "Bad request",
  403: "Not accepted from another site",
  413: "Too much data",
  404: "Page not found",
  500: "Something went wrong",
  503: "Service unavailable",
};

const MESSAGES: Record<number, string> = {
  403: "Forms can only be sent from this site. If you were filling in one of our forms, open it on this site and send it from there.",
  413: "What was sent is larger than this site accepts. If you were filling in a form, please shorten your message and send it again.",
};

export function errorPage(status: number): Response {
  const title = TITLES[status] ?? "Error";
  const message =
    MESSAGES[status] ?? 'Please try again in a moment, or go to the <a href="/">home page</a>.';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | ID5</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:10vh auto;padding:0 1.5rem;color:#101828}a{color:#0b57d0}</style>
</head><body><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></body></html>
`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

export function plainNotFound(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
  });
}

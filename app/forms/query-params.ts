// The query parameters the form pages read. Their routes declare them (`handle.query`), so
// the server answers every other query from the prerendered page (app/root.tsx, RouteHandle).

/** `?sent={form id}`: the form's inline thank-you message is shown (after a 303). */
export const SENT_PARAM = "sent";
/** `?token=…` on the download thank-you page: the signed link to a gated file. */
export const DOWNLOAD_TOKEN_PARAM = "token";

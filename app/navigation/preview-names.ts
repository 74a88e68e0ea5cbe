// The names a preview's document and the app's client share (server/preview/preview-page.ts,
// ./preview-address.ts): apart, so the server reads them without the client's imports.

/** `<meta name=… content="/news/x">`: the previewed page's own path. */
export const PREVIEW_PATH_META = "id5-preview-path";
/** Set on <html> once the editor has left the preview for a public page (the bar shows it). */
export const PREVIEW_LEFT_ATTRIBUTE = "data-preview-left";

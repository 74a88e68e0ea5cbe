// The ID5 wordmark as the share image draws it: the same drawing as the Logo component
// (app/components/layout/logo.tsx; wordmark.test.tsx holds the two equal). The component keeps
// its own literals: importing these would add their declarations to the JavaScript of
// every page, which sits at its byte budget (docs/decisions/0005-client-chunks-and-budgets.md).
export const WORDMARK_VIEWBOX = "0 0 58 28";
/** "ID", in the text colour. */
export const WORDMARK_LETTERS_PATH = "M3 0v28M14 3h6a11 11 0 0 1 0 22h-6z";
/** "5", in the accent colour. */
export const WORDMARK_ACCENT_PATH = "M57 3H42v9.5h6a6.25 6.25 0 0 1 0 12.5h-9";
export const WORDMARK_STROKE_WIDTH = 6;

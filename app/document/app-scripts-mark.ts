// The element the document writes after every part of a page made of content and before
// React Router's scripts: the server hashes for the CSP only the inline scripts of <head> and
// those after the last of these marks (server/security/script-hashes.ts), so a script that an
// HTML injection put into the content is never allowed. Empty and hidden: nothing to see or
// read. No import here: the server reads the name without loading React.
export const APP_SCRIPTS_MARK = "id5-scripts";

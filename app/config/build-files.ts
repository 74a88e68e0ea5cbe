// Where the client build keeps what is not a page, as paths under build/client: the one
// home of these names for the build that writes them, the server and the browser.

/** The bundler's hashed files (their names change with their content). */
export const ASSETS_DIR = "assets";
/** The build's records: its id and the manifests clients read. */
export const BUILDS_DIR = "builds";
/** The latest build's id, polled by open pages. */
export const LATEST_BUILD_FILE = `${BUILDS_DIR}/latest.json`;
/** Each build's manifest of redirects and prerendered paths, by build id. */
export const BUILD_META_DIR = `${BUILDS_DIR}/meta`;
/** Folders of the client build that hold no page. */
export const NON_PAGE_DIRS: ReadonlySet<string> = new Set([ASSETS_DIR, BUILDS_DIR]);

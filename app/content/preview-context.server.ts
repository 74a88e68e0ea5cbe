// The entry a rendering previews, if any: within a preview, that entry's current content
// (a draft, or a reworked live page) stands in for its public version in every list the
// rendering reads. Outside one, nothing changes. Kept per request (AsyncLocalStorage), so
// there is no site-wide draft mode and nothing a preview reads is kept for anyone else.
import { AsyncLocalStorage } from "node:async_hooks";

export interface PreviewTarget {
  templateName: string;
  entryId: string;
}

const previewing = new AsyncLocalStorage<PreviewTarget>();

/** Runs `work` as a preview of `target`. */
export function withPreviewOf<T>(target: PreviewTarget, work: () => Promise<T>): Promise<T> {
  return previewing.run({ ...target }, work);
}

/** The entry the current rendering previews (outside a preview: undefined). */
export function currentPreview(): PreviewTarget | undefined {
  return previewing.getStore();
}

/**
 * The site at a chosen instant (the editors' desk's timed view): within `work`, visitors'
 * view is made for `at` instead of now. Such a rendering is the editor's alone: nothing of it
 * is recorded in the store or kept in the lists' cache (last-public-versions.server.ts,
 * entries.server.ts), so the public site never sees it.
 */
const viewingAt = new AsyncLocalStorage<number>();

export function withViewAt<T>(at: number, work: () => Promise<T>): Promise<T> {
  return viewingAt.run(at, work);
}

/** The instant the current rendering shows, when it is a timed view (else undefined). */
export function currentViewAt(): number | undefined {
  return viewingAt.getStore();
}

// An entry's publish_at and unpublish_at change what visitors see with no edit and no CMS
// event, so the server keeps a timer on the next of them and, when it comes, applies it as a
// content change (content-change.ts). The times come with the content versions, read after
// every change and by every catch-up, which arm the timer again. A time that passed while the
// site was down, or during the build, is found by the start's catch-up (which version visitors
// see against what the pages were rendered from) before the instance is ready. Each instance
// applies a time to its own pages; the purge is claimed under a name every instance gives it
// (the time and its entries), so the CDN is told once.
import { createHash } from "node:crypto";
import { DAY_MS } from "../../app/config/durations";
import type { ClassifiedChange } from "../../app/content/content-changes.server";
import { contentTag } from "../../app/content/content-tags.server";
import type { ContentVersions, ScheduleRecord } from "../../app/content/content-versions";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";

type ScheduledTime = ScheduleRecord["times"][number];

/**
 * The longest a timer is set for: setTimeout takes at most 2^31-1 ms (about 24.8 days) and
 * fires at once beyond it, so a far time is reached in steps of a day.
 */
export const LONGEST_TIMER_MS = DAY_MS;

/** A time told to the pipeline: the change, and its name on every instance. */
export interface ScheduledChange {
  change: ClassifiedChange;
  identity: string;
  times: ScheduledTime[];
}

export interface SchedulerOptions {
  /** What the CMS holds now, with the view's times (the catch-up's read). */
  readVersions: () => Promise<ContentVersions>;
  /** Applies the change (ContentChanges.apply, as a scheduled one). */
  apply: (scheduled: ScheduledChange) => void;
  /** What the CMS held once a time was applied, for the record of the pages (the ledger). */
  record?: (tags: readonly string[], versions: ContentVersions) => void;
  logger: SiteLogger;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => NodeJS.Timeout;
}

/** How a scheduled change is told to the refresher: an update of its entry. */
function eventOf(entryId: string): ClassifiedChange["event"] {
  return { name: "entry", type: "update", id: entryId, templateId: null };
}

export class ContentScheduler {
  /** Times known to come (or come and not applied yet). */
  private times: ScheduledTime[] = [];
  /** Times at or before this are applied; undefined until the start's catch-up has read. */
  private appliedUpTo: number | undefined;
  /** The versions read before the next time: where its addresses moved from. */
  private before: ContentVersions | undefined;
  private timer: NodeJS.Timeout | undefined;
  private firing = false;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? Date.now;
  }

  get nextDue(): number | undefined {
    return this.pending()[0]?.at;
  }

  /**
   * Versions were read (a catch-up, a change, this scheduler's own read): their times replace
   * the known ones, and the timer is set again. The first read is the start's catch-up,
   * which applies whatever passed before it; times that came since the last one applied stay
   * due until this timer applies them, even when a later read already shows them.
   */
  update(versions: ContentVersions): void {
    const record = versions.schedule;
    if (!record || this.stopped) return;
    if (this.appliedUpTo === undefined) this.appliedUpTo = record.readAt;
    const due = this.pending().filter((time) => time.at <= record.readAt);
    if (due.length === 0) this.before = versions;
    this.times = [...due, ...record.times.filter((time) => time.at > record.readAt)];
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private pending(): ScheduledTime[] {
    const from = this.appliedUpTo;
    if (from === undefined) return [];
    return this.times.filter((time) => time.at > from).sort((a, b) => a.at - b.at);
  }

  private arm(delay?: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.nextDue;
    if (next === undefined || this.stopped || this.firing) return;
    const wait = Math.min(Math.max(delay ?? next - this.now(), 0), LONGEST_TIMER_MS);
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    const timer = setTimer(() => void this.fire(), wait);
    timer.unref?.();
    this.timer = timer;
  }

  /**
   * Applies every time that has come: one change per instant, its entries together; then
   * reads the versions (the ledger's record once the pages are written, the times to come).
   */
  private async fire(): Promise<void> {
    this.timer = undefined;
    const firedAt = this.now();
    const due = this.pending().filter((time) => time.at <= firedAt);
    // A timer may fire a millisecond early, or a day's step may end before the time.
    if (due.length === 0 || this.stopped) return this.arm();
    const changes = byInstant(due).map((times) => scheduledChange(times, this.before));
    for (const scheduled of changes) {
      this.options.apply(scheduled);
      for (const time of scheduled.times) {
        this.options.logger.info("scheduled time applied", {
          entry: time.entryId,
          template: time.templateName,
          kind: time.kind,
          due: new Date(time.at).toISOString(),
          applied: new Date(firedAt).toISOString(),
          lagMs: firedAt - time.at,
        });
      }
    }
    this.appliedUpTo = Math.max(...due.map((time) => time.at));
    this.firing = true;
    try {
      const versions = await this.options.readVersions();
      for (const { change } of changes) this.options.record?.(change.tags, versions);
      this.firing = false;
      this.update(versions);
    } catch (error) {
      // Applied all the same; the record waits for the next change, times still known stay.
      this.options.logger.warn("scheduled time applied, but the CMS could not be read after it", {
        error: describeError(error),
      });
      this.firing = false;
      this.arm();
    }
  }
}

function byInstant(times: readonly ScheduledTime[]): ScheduledTime[][] {
  const groups = new Map<number, ScheduledTime[]>();
  for (const time of times) groups.set(time.at, [...(groups.get(time.at) ?? []), time]);
  return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
}

/**
 * The change one instant makes: its entries, their templates' lists and orders, their
 * addresses; the path an entry goes live at, and the one it had before the time (the read
 * before it). Its name is the instant and its entries, the same on every instance.
 */
export function scheduledChange(
  times: readonly ScheduledTime[],
  before: ContentVersions | undefined,
): ScheduledChange {
  const tags = new Set<string>();
  const addedPaths = new Set<string>();
  const removedPaths = new Set<string>();
  for (const { entryId, templateName, kind, path } of times) {
    tags.add(contentTag.entry(entryId));
    tags.add(contentTag.template(templateName));
    tags.add(contentTag.order(templateName));
    tags.add(contentTag.path(entryId));
    const was = before?.entries[entryId]?.path;
    if (kind === "publish" && path) addedPaths.add(path);
    if (was && (kind === "unpublish" || was !== path)) removedPaths.add(was);
  }
  const [first] = times;
  const named = ["schedule", first?.at, times.map((time) => `${time.entryId}:${time.kind}`).sort()];
  return {
    change: {
      event: eventOf(first?.entryId ?? ""),
      tags: [...tags].sort(),
      addedPaths: [...addedPaths].sort(),
      removedPaths: [...removedPaths].filter((path) => !addedPaths.has(path)).sort(),
      // The publish lag counts from the time itself.
      receivedAt: first?.at,
    },
    identity: createHash("sha256").update(JSON.stringify(named)).digest("base64url"),
    times: [...times],
  };
}

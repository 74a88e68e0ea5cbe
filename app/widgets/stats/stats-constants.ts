/** A stat without a progress value shows a full ring. */
export const STATS_DEFAULT_PROGRESS = 100;

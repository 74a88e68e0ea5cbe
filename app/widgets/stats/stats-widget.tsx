// Key figures: each card shows its value inside a circular progress ring.
import { useEffect, useRef } from "react";
import type { WidgetProps } from "../types";
import { fillWhenSeen } from "./fill-when-seen";
import { STATS_DEFAULT_PROGRESS } from "./stats-constants";
import "./stats.css";

/** Ring geometry in SVG user units (viewBox 0 0 120 120). */
export const RING_RADIUS = 52;
export const RING_CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

/** Progress as a percentage in 0..100; missing or NaN becomes STATS_DEFAULT_PROGRESS. */
export function normalizeProgress(progress: number | null | undefined): number {
  if (progress == null || Number.isNaN(progress)) return STATS_DEFAULT_PROGRESS;
  return Math.min(100, Math.max(0, progress));
}

/** stroke-dashoffset that leaves `progress` percent of the circle drawn (rounded to 0.001). */
export function ringDashOffset(progress: number | null | undefined, circumference: number): number {
  const offset = circumference * (1 - normalizeProgress(progress) / 100);
  return Math.round(offset * 1000) / 1000;
}

export function StatsWidget({ items }: WidgetProps<"stats">) {
  const circumference = Math.round(RING_CIRCUMFERENCE * 1000) / 1000;
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    return list ? fillWhenSeen(list) : undefined;
  }, []);
  return (
    <ul ref={listRef} className="w-stats" data-widget="stats">
      {items.map((item, index) => {
        const progress = normalizeProgress(item.progress);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
          <li key={index} className="w-stats__card" data-progress={progress}>
            <div className="w-stats__ring">
              {/* Decorative: the value is the text next to it. */}
              <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
                <circle className="w-stats__track" cx="60" cy="60" r={RING_RADIUS} />
                {/* A zero-length dash would still paint its round caps as a dot. */}
                {progress > 0 ? (
                  <circle
                    className="w-stats__bar"
                    cx="60"
                    cy="60"
                    r={RING_RADIUS}
                    strokeDasharray={circumference}
                    strokeDashoffset={ringDashOffset(progress, circumference)}
                    transform="rotate(-90 60 60)"
                  />
                ) : null}
              </svg>
              <span className="w-stats__value">{item.value}</span>
            </div>
            <p className="w-stats__title">{item.title}</p>
          </li>
        );
      })}
    </ul>
  );
}

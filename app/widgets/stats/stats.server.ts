import { readNumber, readRecords, readString } from "~/content/read.server";
import { required, type WidgetMapper } from "../mapping.server";
import type { StatItem, StatsModel } from "./model";
import { STATS_DEFAULT_PROGRESS } from "./stats-constants";

export const mapStatsWidget: WidgetMapper<StatsModel> = (value) => {
  const items: StatItem[] = readRecords(value.items).map((item) => ({
    title: required(readString(item.title), "stat title"),
    value: required(readString(item.value), "stat value"),
    progress: readNumber(item.progress) ?? STATS_DEFAULT_PROGRESS,
  }));
  return { name: "stats", items };
};

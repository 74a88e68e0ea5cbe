export interface StatItem {
  title: string;
  value: string;
  /** 0-100; the content layer fills the default (100) when the CMS leaves it empty. */
  progress: number;
}

export interface StatsModel {
  name: "stats";
  items: StatItem[];
}

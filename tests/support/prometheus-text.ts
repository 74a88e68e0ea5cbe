// Reads the Prometheus text format as a scraper would: one sample a line, comments skipped.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL)) {
      labels[name as string] = (value as string).replace(/\\(.)/g, "$1");
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels`. */
export function sumOf(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((total, sample) => total + sample.value, 0);
}

/** The metric families a scrape names (histogram and summary samples under their family). */
export function familiesOf(text: string): Set<string> {
  return new Set(
    text
      .split("\n")
      .filter((line) => line.startsWith("# TYPE "))
      .map((line) => line.split(" ")[2] as string),
  );
}

/** Words of PromQL that are not metric names. */
const PROMQL_WORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "inf",
  "nan",
]);

/**
 * The metric names a PromQL expression reads: what is left once strings, label matchers,
 * ranges, grouping clauses, Grafana variables, numbers and function calls are taken out.
 */
export function metricNamesIn(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "")
    .replace(/\$\{?[a-zA-Z_]+\}?/g, "");
  const names: string[] = [];
  for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const word = match[0];
    const after = bare.slice((match.index ?? 0) + word.length).trimStart();
    if (after.startsWith("(") || PROMQL_WORDS.has(word.toLowerCase())) continue;
    names.push(word);
  }
  return names;
}

/** The family a sample name belongs to (a histogram's _bucket, _sum and _count). */
export function familyOf(name: string, families: ReadonlySet<string>): string | undefined {
  if (families.has(name)) return name;
  const stem = name.replace(/_(bucket|sum|count)$/, "");
  return families.has(stem) ? stem : undefined;
}

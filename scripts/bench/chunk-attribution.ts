// Which source modules the client chunks are made of: `BUILD_SOURCEMAP=1 npm run build`, then
// `npx tsx scripts/bench/chunk-attribution.ts [chunk-name-prefix ...]`. Counts minified
// characters per source file from each chunk's source map (gzip does not map back to
// sources; characters rank the parts well enough to choose what to cut).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";

const ASSETS = path.resolve("build/client/assets");
const prefixes = process.argv.slice(2);

const files = (await readdir(ASSETS)).filter(
  (f) => f.endsWith(".js") && (prefixes.length === 0 || prefixes.some((p) => f.startsWith(p))),
);
for (const file of files) {
  let map: string;
  try {
    map = await readFile(path.join(ASSETS, `${file}.map`), "utf8");
  } catch {
    console.log(`${file}: no source map (build with BUILD_SOURCEMAP=1)`);
    continue;
  }
  const code = await readFile(path.join(ASSETS, file), "utf8");
  const lines = code.split("\n");
  const consumer = new SourceMapConsumer(JSON.parse(map));
  const bySource = new Map<string, number>();
  let previous: { line: number; column: number; source: string } | null = null;
  const flush = (endLine: number, endColumn: number) => {
    if (!previous) return;
    const length =
      endLine === previous.line
        ? endColumn - previous.column
        : (lines[previous.line - 1]?.length ?? 0) - previous.column;
    bySource.set(previous.source, (bySource.get(previous.source) ?? 0) + Math.max(0, length));
  };
  consumer.eachMapping((m) => {
    flush(m.generatedLine, m.generatedColumn);
    previous = {
      line: m.generatedLine,
      column: m.generatedColumn,
      source: (m.source ?? "?").replace(/^.*?(node_modules|app)\//, "$1/"),
    };
  });
  flush(Number.POSITIVE_INFINITY, 0);
  const total = code.length;
  console.log(`\n${file}: ${total} characters`);
  for (const [source, chars] of [...bySource].sort((a, b) => b[1] - a[1])) {
    if (chars >= 100) console.log(`  ${String(chars).padStart(6)}  ${source}`);
  }
}

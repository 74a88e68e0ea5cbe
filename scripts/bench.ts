// `npm run bench`: every benchmark of the project, figures printed as JSON.
// Usage: npm run bench [-- content|site]   (default: all)
import { runContentBench } from "./bench/content-bench";

const which = process.argv[2] ?? "all";
const results: Record<string, unknown> = {};
if (which === "all" || which === "content") {
  console.error("content platform benchmark…");
  results.content = await runContentBench();
}
console.log(JSON.stringify(results, null, 2));

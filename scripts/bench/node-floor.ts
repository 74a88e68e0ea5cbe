// The floor of any Node server on this machine: a bare node:http server that answers each
// benchmarked path with the exact status, headers and (gzip) body the site sent for it, with
// nothing else per request (no lookup beyond one map read, no log line). The serving
// benchmark measures it beside the site and nginx, so what is left between the site and
// nginx can be split into Node's own HTTP cost and the site's.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../../tests/support/free-port";
import { rawRequest } from "../../tests/support/raw-request";
import { pin } from "./nginx";

export interface NodeFloor {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Headers node:http writes by itself. */
const NODE_OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

interface Recorded {
  status: number;
  headers: string[];
  body: string;
}

/** One answer of the site as sent, its headers flat (node's own Date and Connection aside). */
async function record(
  port: number,
  target: string,
  headers: Record<string, string>,
): Promise<Recorded> {
  const response = await rawRequest(port, target, { headers });
  const flat: string[] = [];
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || NODE_OWN_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) flat.push(name, one);
  }
  return { status: response.status, headers: flat, body: response.body.toString("base64") };
}

const SERVER_SOURCE = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], "utf8"))).map(([path, a]) => [
    path,
    { status: a.status, headers: a.headers, body: Buffer.from(a.body, "base64") },
  ]),
);
const server = createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(Number(process.argv[3]), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

/** Records the site's answers for `paths` and serves them from a bare Node process on `cpu`. */
export async function startNodeFloor(options: {
  sitePort: number;
  paths: readonly string[];
  headers: Record<string, string>;
  dir: string;
  cpu: number;
}): Promise<NodeFloor> {
  const answers: Record<string, Recorded> = {};
  for (const target of options.paths) {
    answers[target] = await record(options.sitePort, target, options.headers);
  }
  const answersFile = path.join(options.dir, "node-floor-answers.json");
  const serverFile = path.join(options.dir, "node-floor.mjs");
  await writeFile(answersFile, JSON.stringify(answers));
  await writeFile(serverFile, SERVER_SOURCE);
  const port = await freePort();
  const child = spawn(process.execPath, [serverFile, answersFile, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [first] = (await Promise.race([
    once(child.stdout as NodeJS.ReadableStream, "data"),
    once(child, "exit").then(() => {
      throw new Error("the bare Node server exited before it listened");
    }),
  ])) as [Buffer];
  if (!String(first).includes("ready")) throw new Error("the bare Node server did not start");
  await pin(child.pid as number, options.cpu);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await once(child, "exit");
      }
    },
  };
}

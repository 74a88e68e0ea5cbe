// The floor of any Node server on this machine: a bare node:http server that answers each
// benchmarked path with the exact status, headers and (gzip) body the site sent for it, with
// nothing else per request (no lookup beyond one map read, no log line). The serving
// benchmark measures it beside the site and nginx, so what is left between the site and
// nginx can be split into Node's own HTTP cost and the site's.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { freePort } from "../../tests/support/free-port";
import { pin } from "./nginx";

export interface NodeFloor {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

interface Recorded {
  status: number;
  headers: string[];
  body: string;
}

/** One answer of the site, as sent: headers in order (node's own Date and Connection aside). */
function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const flat: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] ?? "";
          if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name)) {
            flat.push(name, res.rawHeaders[i + 1] ?? "");
          }
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: flat,
          body: Buffer.concat(chunks).toString("base64"),
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
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
  siteUrl: string;
  paths: readonly string[];
  headers: Record<string, string>;
  dir: string;
  cpu: number;
}): Promise<NodeFloor> {
  const answers: Record<string, Recorded> = {};
  for (const target of options.paths) {
    answers[target] = await record(`${options.siteUrl}${target}`, options.headers);
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

// The image's HEALTHCHECK: node asks the server's liveness path (slim images have no curl).
// Exit 0 when it answers 200 within the time, 1 otherwise. The image always sets PORT; the
// server listens on every interface unless HOST says otherwise, so loopback reaches it.
// node:http, not fetch: this process runs every 10 s in the server's container, and loading
// fetch (undici) doubles its peak RSS, from about 45 MB to about 85 MB (npm run bench -- memory).
import { get } from "node:http";

const TIMEOUT_MS = 2000;
const port = process.env.PORT;
if (!port) {
  console.error("healthcheck: PORT is not set (the image sets it)");
  process.exit(1);
}
const fail = (reason) => {
  console.error(`healthcheck: ${reason}`);
  process.exit(1);
};
const request = get(
  { host: "127.0.0.1", port, path: "/healthz", timeout: TIMEOUT_MS },
  (answer) => {
    answer.resume();
    if (answer.statusCode === 200) process.exit(0);
    fail(`/healthz answered ${answer.statusCode}`);
  },
);
request.on("timeout", () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
request.on("error", (error) => fail(error.message));

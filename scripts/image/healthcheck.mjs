// The image's HEALTHCHECK: node asks the server's liveness path (slim images have no curl).
// Exit 0 when it answers 200 within the time, 1 otherwise. The image always sets PORT; the
// server listens on every interface unless HOST says otherwise, so loopback reaches it.
const port = process.env.PORT;
if (!port) {
  console.error("healthcheck: PORT is not set (the image sets it)");
  process.exit(1);
}
try {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`, {
    signal: AbortSignal.timeout(2000),
  });
  process.exit(answer.status === 200 ? 0 : 1);
} catch (error) {
  console.error(`healthcheck: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

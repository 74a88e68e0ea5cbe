import { describe, expect, it } from "vitest";
import { DocumentPolicy } from "../security/content-security-policy";
import { scriptHashSource } from "../security/script-hashes";
import { Representation, representationOf } from "./representation";

const policy = new DocumentPolicy({ tagManager: false, frameAncestors: [], reportTo: true });
const other = new DocumentPolicy({ tagManager: true, frameAncestors: [], reportTo: false });
const page = (script: string) =>
  Buffer.from(`<!doctype html><title>t</title><script>${script}</script><p>text</p>`);

describe("Representation and the Content-Security-Policy", () => {
  it("names the hashes of an HTML body's inline scripts", () => {
    const html = new Representation(page("go()"), "text/html; charset=utf-8");
    expect(html.inlineScriptHashes).toEqual([scriptHashSource("go()")]);
    expect(html.policyHeader(policy)).toBe(policy.header([scriptHashSource("go()")]));
  });

  it("scans the body once: the header is kept per policy variant", () => {
    const body = page("first()");
    const html = new Representation(body, "text/html");
    const header = html.policyHeader(policy);
    // Were the body scanned again, the changed bytes would show in the header.
    body.write("<script>other()", body.indexOf("<script>"));
    expect(html.policyHeader(policy)).toBe(header);
    expect(html.inlineScriptHashes).toEqual([scriptHashSource("first()")]);
    // Another variant reuses the hashes found the first time.
    expect(html.policyHeader(other)).toBe(other.header([scriptHashSource("first()")]));
  });

  it("gives other types the policy without hashes, without reading them", () => {
    const script = new Representation(page("x()"), "text/javascript; charset=utf-8");
    const data = new Representation(page("x()"), "text/x-script");
    expect(script.policyHeader(policy)).toBe(policy.withoutHashes);
    expect(data.policyHeader(policy)).toBe(policy.withoutHashes);
    expect(script.inlineScriptHashes).toEqual([]);
  });

  it("remembers which representation answered a response, 304s included", async () => {
    const html = new Representation(page("x()"), "text/html");
    const full = await html.respond(new Request("http://x/"));
    const notModified = await html.respond(
      new Request("http://x/", { headers: { "If-None-Match": html.etag } }),
    );
    expect(notModified.status).toBe(304);
    expect(representationOf(full)).toBe(html);
    expect(representationOf(notModified)).toBe(html);
    expect(representationOf(new Response("x"))).toBeUndefined();
  });
});

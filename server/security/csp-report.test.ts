import { describe, expect, it } from "vitest";
import type { LogFields } from "../../app/logging/logger.server";
import {
  CSP_REPORTS_PER_CLIENT,
  CSP_SAMPLE_MAX_CHARS,
  CSP_VIOLATION_MESSAGE,
  CspReportEndpoint,
  type CspReportEndpointOptions,
  MAX_CSP_REPORT_BYTES,
  parseCspReports,
} from "./csp-report";

const SITE = "https://id5.io";

// What Chromium sends (recorded from Chromium 156: report-uri, then the Reporting API).
const REPORT_URI_BODY = {
  "csp-report": {
    "document-uri": "https://id5.io/about?utm_source=mail&email=someone%40example.com",
    referrer: "",
    "violated-directive": "script-src-elem",
    "effective-directive": "script-src-elem",
    "original-policy": "script-src 'self' 'report-sample'; report-uri /csp-report",
    disposition: "enforce",
    "blocked-uri": "inline",
    "line-number": 1,
    "column-number": 106,
    "status-code": 200,
    "script-sample": "window.injected = 1",
  },
};
const REPORTING_API_BODY = [
  {
    age: 0,
    type: "csp-violation",
    url: "https://id5.io/news?page=2",
    user_agent: "Mozilla/5.0",
    body: {
      blockedURL: "https://evil.example/x/steal.js?id=1",
      disposition: "enforce",
      documentURL: "https://id5.io/news?page=2",
      effectiveDirective: "script-src-elem",
      originalPolicy: "script-src 'self'",
      referrer: "",
      sample: "",
      statusCode: 200,
    },
  },
  { age: 0, type: "deprecation", url: "https://id5.io/", body: { id: "x" } },
];

describe("parseCspReports", () => {
  it("reads a report-uri report", () => {
    expect(parseCspReports(JSON.stringify(REPORT_URI_BODY))).toEqual([
      {
        directive: "script-src-elem",
        blocked: "inline",
        document: "/about",
        sample: "window.injected = 1",
      },
    ]);
  });

  it("reads the CSP reports of a Reporting API batch, other types skipped", () => {
    expect(parseCspReports(JSON.stringify(REPORTING_API_BODY))).toEqual([
      { directive: "script-src-elem", blocked: "https://evil.example", document: "/news" },
    ]);
  });

  it("clips the sample and reduces what could carry personal data", () => {
    const [violation] =
      parseCspReports(
        JSON.stringify({
          "csp-report": {
            "document-uri": "https://id5.io/resources/download/secret-token?x=1",
            "violated-directive": "script-src 'self' https://x",
            "blocked-uri": "data:text/javascript,alert(1)",
            "script-sample": "🙂".repeat(60),
          },
        }),
      ) ?? [];
    expect(violation?.directive).toBe("script-src");
    expect(violation?.blocked).toBe("data");
    expect(violation?.document).toBe("/resources/download/[redacted]");
    expect(Array.from(violation?.sample ?? "")).toHaveLength(CSP_SAMPLE_MAX_CHARS);
  });

  it("keeps keywords such as eval as they are, and says unknown for anything odd", () => {
    const [eval_] =
      parseCspReports(
        JSON.stringify({ "csp-report": { "blocked-uri": "eval", "document-uri": 5 } }),
      ) ?? [];
    expect(eval_).toEqual({ directive: "unknown", blocked: "eval", document: "unknown" });
  });

  it("refuses what is not a report", () => {
    for (const text of [
      "",
      "not json",
      "null",
      "42",
      '"text"',
      '{"csp-report": "x"}',
      '{"something": "else"}',
      "[1, 2]",
      '[{"type": "csp-violation", "body": "x"}]',
    ]) {
      expect(parseCspReports(text), text).toBeNull();
    }
  });

  it("accepts an empty batch or one without CSP reports (nothing to log)", () => {
    expect(parseCspReports("[]")).toEqual([]);
    expect(parseCspReports('[{"type": "intervention", "body": {}}]')).toEqual([]);
  });
});

interface Logged {
  message: string;
  fields?: LogFields;
}

function endpoint(options: Partial<CspReportEndpointOptions> = {}) {
  const lines: Logged[] = [];
  const log = (message: string, fields?: LogFields) => lines.push({ message, fields });
  const reports = new CspReportEndpoint({
    logger: { info: log, warn: log, error: log },
    siteOrigin: SITE,
    ...options,
  });
  return { reports, lines };
}

function post(
  body: BodyInit | null,
  headers: Record<string, string> = { "content-type": "application/csp-report" },
): Request {
  // `duplex` is required for a stream body (Node's fetch), not yet in the DOM types.
  const init = { method: "POST", body, headers, duplex: "half" } as RequestInit;
  return new Request(`${SITE}/csp-report`, init);
}

describe("CspReportEndpoint", () => {
  it("logs one warn line per violation and answers 204", async () => {
    const { reports, lines } = endpoint();
    const response = await reports.handle(post(JSON.stringify(REPORT_URI_BODY)), "192.0.2.1");
    expect(response.status).toBe(204);
    expect(lines).toEqual([
      {
        message: CSP_VIOLATION_MESSAGE,
        fields: {
          directive: "script-src-elem",
          blocked: "inline",
          document: "/about",
          sample: "window.injected = 1",
        },
      },
    ]);
  });

  it("takes the Reporting API's and plain JSON's content types", async () => {
    const { reports, lines } = endpoint();
    for (const type of ["application/reports+json", "application/json; charset=utf-8"]) {
      const response = await reports.handle(
        post(JSON.stringify(REPORTING_API_BODY), { "content-type": type }),
        "192.0.2.1",
      );
      expect(response.status, type).toBe(204);
    }
    expect(lines).toHaveLength(2);
  });

  it("answers 400 to garbage and 415 to other content types, logging nothing", async () => {
    const { reports, lines } = endpoint();
    expect((await reports.handle(post("{not json"), "192.0.2.1")).status).toBe(400);
    expect((await reports.handle(post("[1]"), "192.0.2.1")).status).toBe(400);
    const form = post("a=1", { "content-type": "application/x-www-form-urlencoded" });
    expect((await reports.handle(form, "192.0.2.1")).status).toBe(415);
    expect((await reports.handle(post("{}", {}), "192.0.2.1")).status).toBe(415);
    expect(lines).toEqual([]);
  });

  it("refuses a body over 16 KB while it streams, whatever Content-Length says", async () => {
    const { reports, lines } = endpoint();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
      },
    });
    const response = await reports.handle(post(endless), "192.0.2.1");
    expect(response.status).toBe(413);
    expect(pulled).toBeGreaterThan(MAX_CSP_REPORT_BYTES);
    expect(pulled).toBeLessThan(MAX_CSP_REPORT_BYTES * 2);
    const declared = post("{}", {
      "content-type": "application/csp-report",
      "content-length": String(MAX_CSP_REPORT_BYTES + 1),
    });
    expect((await reports.handle(declared, "192.0.2.1")).status).toBe(413);
    expect(lines).toEqual([]);
  });

  it("accepts a body of exactly 16 KB", async () => {
    const { reports } = endpoint();
    const text = JSON.stringify(REPORT_URI_BODY);
    const padded = text + " ".repeat(MAX_CSP_REPORT_BYTES - Buffer.byteLength(text));
    expect((await reports.handle(post(padded), "192.0.2.1")).status).toBe(204);
  });

  it("refuses reports another site made a browser send", async () => {
    const { reports, lines } = endpoint();
    const response = await reports.handle(
      post(JSON.stringify(REPORT_URI_BODY), {
        "content-type": "application/csp-report",
        "sec-fetch-site": "cross-site",
        origin: "https://elsewhere.example",
      }),
      "192.0.2.1",
    );
    expect(response.status).toBe(403);
    expect(lines).toEqual([]);
  });

  it("accepts what Chromium sends from our own pages", async () => {
    const { reports } = endpoint();
    // report-uri: Sec-Fetch-Site same-origin; Reporting API: Origin only.
    const reportUri = post(JSON.stringify(REPORT_URI_BODY), {
      "content-type": "application/csp-report",
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "no-cors",
      "sec-fetch-dest": "report",
      origin: SITE,
    });
    const reportingApi = post(JSON.stringify(REPORTING_API_BODY), {
      "content-type": "application/reports+json",
      origin: SITE,
    });
    expect((await reports.handle(reportUri, "192.0.2.1")).status).toBe(204);
    expect((await reports.handle(reportingApi, "192.0.2.1")).status).toBe(204);
  });

  it("lets one address send 60 reports a minute, then answers 429 until the window ends", async () => {
    let now = 1_000_000;
    const { reports, lines } = endpoint({ now: () => now });
    const body = JSON.stringify(REPORT_URI_BODY);
    for (let i = 0; i < CSP_REPORTS_PER_CLIENT; i++) {
      expect((await reports.handle(post(body), "192.0.2.1")).status).toBe(204);
    }
    const refused = await reports.handle(post(body), "192.0.2.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    // Garbage counts too: a refused post is refused before its body is read.
    expect((await reports.handle(post("garbage"), "192.0.2.1")).status).toBe(429);
    // Another address is not affected.
    expect((await reports.handle(post(body), "192.0.2.2")).status).toBe(204);
    expect(lines).toHaveLength(CSP_REPORTS_PER_CLIENT + 1);
    now += 60_000;
    expect((await reports.handle(post(body), "192.0.2.1")).status).toBe(204);
  });

  it("counts each report of a batch against the address", async () => {
    const { reports, lines } = endpoint({ perClient: 3 });
    const batch = JSON.stringify(Array.from({ length: 5 }, () => REPORTING_API_BODY[0]));
    const first = await reports.handle(
      post(batch, { "content-type": "application/reports+json" }),
      "192.0.2.1",
    );
    expect(first.status).toBe(204);
    expect(lines).toHaveLength(3);
    const next = await reports.handle(
      post(batch, { "content-type": "application/reports+json" }),
      "192.0.2.1",
    );
    expect(next.status).toBe(429);
    expect(lines).toHaveLength(3);
  });

  it("bounds what all addresses together can log", async () => {
    const { reports, lines } = endpoint({ inAll: 5 });
    const body = JSON.stringify(REPORT_URI_BODY);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await reports.handle(post(body), `198.51.100.${i}`)).status);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    expect(lines).toHaveLength(5);
  });

  it("remembers a bounded number of addresses", async () => {
    const { reports } = endpoint({ perClient: 1, maxClients: 2 });
    const body = JSON.stringify(REPORT_URI_BODY);
    expect((await reports.handle(post(body), "a")).status).toBe(204);
    expect((await reports.handle(post(body), "a")).status).toBe(429);
    await reports.handle(post(body), "b");
    await reports.handle(post(body), "c"); // "a" is forgotten to make room
    expect((await reports.handle(post(body), "a")).status).toBe(204);
  });
});

import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  deliveryBody,
  describeWebhook,
  parseRetryAfter,
  webhookSignature,
  webhookTarget,
} from "./delivery";

describe("delivery helpers", () => {
  it("signs id, timestamp and the exact body bytes with HMAC-SHA256, once per key", () => {
    const body = new TextEncoder().encode('{"id":"sub_x","fields":{"name":"Zoë"}}');
    const [first, second] = [Buffer.alloc(32, 7), Buffer.alloc(32, 9)];
    const mac = (key: Buffer) =>
      createHmac("sha256", key)
        .update(Buffer.concat([Buffer.from("sub_x.1767225600."), body]))
        .digest("base64");
    expect(webhookSignature([first], "sub_x", 1767225600, body)).toBe(`v1,${mac(first)}`);
    expect(webhookSignature([first, second], "sub_x", 1767225600, body)).toBe(
      `v1,${mac(first)} v1,${mac(second)}`,
    );
    expect(webhookSignature([first], "sub_x", 1767225601, body)).not.toBe(`v1,${mac(first)}`);
  });

  it("serialises the payload as UTF-8 JSON", () => {
    const payload = {
      id: "sub_x",
      formId: "contact",
      formEntryId: "e",
      formVersion: "v",
      destination: "sales",
      pagePath: "/contact",
      submittedAt: "2026-01-01T00:00:00.000Z",
      fields: { name: "Zoë" },
      consent: null,
      attribution: null,
    };
    const body = deliveryBody(payload);
    expect(Buffer.from(body).toString("utf8")).toBe(JSON.stringify(payload));
    expect(body.byteLength).toBe(Buffer.byteLength(JSON.stringify(payload)));
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-03-01T10:00:00Z");
    expect(parseRetryAfter("1", now)).toBe(1000);
    expect(parseRetryAfter(" 120 ", now)).toBe(120_000);
    expect(parseRetryAfter("Sun, 01 Mar 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Sun, 01 Mar 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it("backs off exponentially with full jitter, capped", () => {
    const top = () => 0.999_999;
    expect(backoffDelay(1, 5000, 3_600_000, top)).toBe(4999);
    expect(backoffDelay(2, 5000, 3_600_000, top)).toBe(9999);
    expect(backoffDelay(4, 5000, 3_600_000, top)).toBe(39_999);
    expect(backoffDelay(30, 5000, 3_600_000, top)).toBe(3_599_996);
    expect(backoffDelay(3, 5000, 3_600_000, () => 0)).toBe(0);
    expect(backoffDelay(3, 5000, 3_600_000, () => 0.5)).toBe(10_000);
  });

  it("shows a webhook without credentials, query or fragment", () => {
    expect(describeWebhook("https://user:pa55@crm.example/hook?token=abc#x")).toBe(
      "https://crm.example/hook",
    );
    expect(describeWebhook("not a url")).toBe("(invalid URL)");
  });
});

describe("webhookTarget", () => {
  it("turns credentials in the URL into basic authentication", () => {
    expect(webhookTarget("https://crm.example/hook?x=1")).toEqual({
      url: "https://crm.example/hook?x=1",
    });
    expect(webhookTarget("https://us%40er:p%3Ass@crm.example/hook")).toEqual({
      url: "https://crm.example/hook",
      authorization: `Basic ${Buffer.from("us@er:p:ss").toString("base64")}`,
    });
  });
});

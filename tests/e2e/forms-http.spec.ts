// The forms over plain HTTP, as a bot or a broken client would send them: bad input is a
// clear 4xx (never a 5xx) and stores nothing; cross-site posts, floods and bots are caught.

import {
  formBody,
  stampIn,
  storedSubmissions,
  storedWith,
  uniqueClient,
  uniqueEmail,
  waitPastMinimumTime,
} from "./support/forms";
import { expect, test } from "./support/reused-page";

const FORM = "application/x-www-form-urlencoded";

function contact(email: string, stamp: string, extra: Record<string, string | string[]> = {}) {
  return {
    _form: "contact",
    _stamp: stamp,
    name: "Http Tester",
    email,
    topic: "press",
    message: "Sent over plain HTTP.",
    consent: "yes",
    ...extra,
  };
}

async function freshStamp(request: import("@playwright/test").APIRequestContext) {
  const page = await request.get("/contact");
  expect(page.headers()["cache-control"]).toBe("private, no-store");
  return stampIn(await page.text());
}

/** A stamp old enough to pass the minimum time (FORMS_MIN_SUBMIT_SECONDS=1 in the e2e site). */
async function agedStamp(request: import("@playwright/test").APIRequestContext) {
  const stamp = await freshStamp(request);
  await waitPastMinimumTime(Date.now());
  return stamp;
}

test("a page with a form is rendered per request with a fresh stamp", async ({ request }) => {
  const first = await freshStamp(request);
  await expect.poll(async () => freshStamp(request)).not.toBe(first);
  expect(first).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]+$/);
});

test("bad bodies answer 4xx with a clear page and store nothing", async ({ request }) => {
  const stamp = await freshStamp(request);
  const before = storedSubmissions().length;
  const client = uniqueClient();
  const post = (body: string | Buffer, type = FORM, extraHeaders: Record<string, string> = {}) =>
    request.post("/contact", {
      data: body,
      headers: { "content-type": type, "x-forwarded-for": client, ...extraHeaders },
      maxRedirects: 0,
    });
  const cases: [string, Promise<import("@playwright/test").APIResponse>, number, RegExp][] = [
    ["json", post('{"email":"a@b.co"}', "application/json"), 400, /accepts forms only/],
    ["no form id", post(formBody({ email: "a@b.co" })), 400, /does not exist/],
    [
      "unknown form id",
      post(formBody({ ...contact("a@b.co", stamp), _form: "nope" })),
      400,
      /does not exist/,
    ],
    ["extra field", post(formBody(contact("a@b.co", stamp, { admin: "1" }))), 400, /did not match/],
    [
      "repeated field",
      post(formBody(contact("a@b.co", stamp, { email: ["a@b.co", "c@d.co"] }))),
      400,
      /did not match/,
    ],
    [
      "malformed multipart",
      post("--x\r\nbroken", "multipart/form-data; boundary=x"),
      400,
      /could not be read/,
    ],
    ["oversized", post(Buffer.alloc(200 * 1024, "a")), 413, /larger than this site accepts/],
  ];
  for (const [label, pending, status, message] of cases) {
    const response = await pending;
    expect(response.status(), label).toBe(status);
    expect(await response.text(), label).toMatch(message);
  }
  const invalid = await post(formBody(contact("not-an-email", stamp)));
  expect(invalid.status()).toBe(422);
  expect(await invalid.text()).toContain("Enter an email address");
  expect(storedSubmissions().length).toBe(before);
});

test("cross-site posts are refused", async ({ request }) => {
  const stamp = await freshStamp(request);
  const email = uniqueEmail("cross-site");
  const refused: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  ];
  for (const headers of refused) {
    const response = await request.post("/contact", {
      data: formBody(contact(email, stamp)),
      headers: { "content-type": FORM, "x-forwarded-for": uniqueClient(), ...headers },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("only be sent from this site");
  }
  expect(storedWith("email", email)).toBeUndefined();
});

test("a flood from one address is answered 429 with Retry-After (limit 5 per hour in e2e)", async ({
  request,
}) => {
  const stamp = await agedStamp(request);
  const client = uniqueClient();
  const statuses: number[] = [];
  let limited: import("@playwright/test").APIResponse | undefined;
  for (let i = 0; i < 6; i += 1) {
    const response = await request.post("/contact", {
      data: formBody(contact(uniqueEmail("flood"), stamp)),
      headers: { "content-type": FORM, "x-forwarded-for": client },
      maxRedirects: 0,
    });
    statuses.push(response.status());
    limited = response;
  }
  expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  expect(Number(limited?.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await limited?.text()).toContain("try again in");
  // Another address is not affected.
  const other = await request.post("/contact", {
    data: formBody(contact(uniqueEmail("other"), stamp)),
    headers: { "content-type": FORM, "x-forwarded-for": uniqueClient() },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(303);
});

test("bots get the normal outcome and are stored as spam, never delivered", async ({ request }) => {
  const stamp = await freshStamp(request);
  const withoutStamp = contact(uniqueEmail("no-stamp"), "");
  delete (withoutStamp as Record<string, unknown>)._stamp;
  const cases: [string, Record<string, string | string[]>][] = [
    ["honeypot", contact(uniqueEmail("honeypot"), stamp, { fax_number: "+1 555 0100" })],
    ["too-fast", contact(uniqueEmail("too-fast"), stamp)],
    ["bad-stamp", contact(uniqueEmail("bad-stamp"), "0.forged-signature-0000000")],
    ["bad-stamp", withoutStamp],
  ];

  for (const [reason, values] of cases) {
    const response = await request.post("/contact", {
      data: formBody(values),
      headers: { "content-type": FORM, "x-forwarded-for": uniqueClient() },
      maxRedirects: 0,
    });
    expect(response.status(), reason).toBe(303);
    expect(response.headers().location, reason).toBe("/contact?sent=contact#contact");
    expect(storedWith("email", values.email as string), reason).toMatchObject({
      spam: reason,
      status: "spam",
    });
  }
});

test("a form with an empty stamp is held as spam, like a forged one", async ({ request }) => {
  const email = uniqueEmail("fallback-page");
  const response = await request.post("/contact", {
    data: formBody(contact(email, "")),
    headers: { "content-type": FORM, "x-forwarded-for": uniqueClient() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(storedWith("email", email)).toMatchObject({ spam: "no-stamp", status: "spam" });
});

test("posts to a path with no page are 404, other methods to a form 405", async ({ request }) => {
  const missing = await request.post("/no-such-page-here", {
    data: "a=1",
    headers: { "content-type": FORM },
    maxRedirects: 0,
  });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain("did not provide an `action`");
  const put = await request.put("/contact", {
    data: formBody(contact(uniqueEmail("put"), "")),
    headers: { "content-type": FORM, "x-forwarded-for": uniqueClient() },
  });
  expect(put.status()).toBe(405);
});

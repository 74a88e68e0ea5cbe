import { describe, expect, it } from "vitest";
import type { DeskRow } from "../../app/content/editors-desk.server";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { chosenInstant, DESK_COOKIE, EditorsDesk, type EditorsDeskOptions } from "./editors-desk";

const PASSWORD = "a-long-desk-password";
const ORIGIN = "https://id5.io";
const ROWS: DeskRow[] = [
  {
    kind: "draft",
    template: "news-article",
    entryId: "e1",
    name: "partner-roundup",
    title: "Partner <roundup>",
    detail: "Not on the site (status: Draft)",
    path: "/news/partner-roundup",
  },
];

function deskWith(options: Partial<EditorsDeskOptions> = {}) {
  let clock = 1_000_000;
  const made: string[] = [];
  const logger = recordingLogger();
  const desk = new EditorsDesk({
    password: PASSWORD,
    siteKey: Buffer.alloc(32, 7),
    siteOrigin: ORIGIN,
    content: { readDeskRows: async () => ROWS },
    links: {
      rate: async () => ({ allowed: true }) as never,
      tooMany: () => new Response(null, { status: 429 }),
      createLink: async (template, entry) => {
        made.push(`${template}/${entry}`);
        return {
          ok: true,
          url: `${ORIGIN}/_preview/token-of-${entry}`,
          expiresAt: "",
          target: { templateName: template, entryId: entry },
        };
      },
      revokeEntry: async (_template, entry) => ({ ok: true, entryId: entry, at: clock }),
      revokeAll: async () => clock,
    },
    redirectNotices: () => [],
    logger,
    now: () => clock,
    ...options,
  });
  return { desk, made, logger, advance: (ms: number) => (clock += ms) };
}

const facts = { clientAddress: "192.0.2.1", secure: true };

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/_preview/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signedIn(desk: EditorsDesk): Promise<string> {
  const answer = await desk.act(post({ action: "sign-in", password: PASSWORD }), facts);
  expect(answer.status).toBe(303);
  const cookie = answer.headers.get("set-cookie") ?? "";
  return cookie.split(";")[0] ?? "";
}

describe("the editors' desk", () => {
  it("says how to turn it on when it has no password", async () => {
    const { desk } = deskWith({ password: undefined });
    const answer = await desk.page(new Request(`${ORIGIN}/_preview/`));
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain("PREVIEW_DESK_PASSWORD");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("asks for the password, refuses a wrong one and never logs what was typed", async () => {
    const { desk, logger } = deskWith();
    const form = await desk.page(new Request(`${ORIGIN}/_preview/`));
    expect(await form.text()).toContain('name="password"');
    const wrong = await desk.act(post({ action: "sign-in", password: "not-it" }), facts);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(JSON.stringify(logger.lines)).not.toContain("not-it");
  });

  it("signs in with a strict, private, expiring cookie and lists the rows escaped", async () => {
    const { desk } = deskWith();
    const answer = await desk.act(post({ action: "sign-in", password: PASSWORD }), facts);
    const cookie = answer.headers.get("set-cookie") ?? "";
    for (const part of [
      "HttpOnly",
      "SameSite=Strict",
      "Secure",
      "Path=/_preview/",
      "Max-Age=28800",
    ]) {
      expect(cookie).toContain(part);
    }
    const page = await desk.page(
      new Request(`${ORIGIN}/_preview/`, { headers: { cookie: cookie.split(";")[0] ?? "" } }),
    );
    const html = await page.text();
    expect(html).toContain('data-desk-row="draft"');
    expect(html).toContain("Partner &lt;roundup&gt;");
    expect(html).not.toContain("<script");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("is not Secure for a visitor over plain http", async () => {
    const { desk } = deskWith();
    const answer = await desk.act(post({ action: "sign-in", password: PASSWORD }), {
      ...facts,
      secure: false,
    });
    expect(answer.headers.get("set-cookie")).not.toContain("Secure");
  });

  it("takes no forged, expired or other password's session", async () => {
    const { desk, advance } = deskWith();
    const session = await signedIn(desk);
    const asked = (cookie: string) =>
      desk.page(new Request(`${ORIGIN}/_preview/`, { headers: { cookie } }));
    const [, value = ""] = session.split("=");
    const [expiry = "", signature = ""] = value.split(".");
    const forged = `${DESK_COOKIE}=${Number(expiry) + 1}.${signature}`;
    expect(await (await asked(forged)).text()).toContain('name="password"');
    const other = deskWith({ password: "another-long-password" }).desk;
    const elsewhere = await other.page(
      new Request(`${ORIGIN}/_preview/`, { headers: { cookie: session } }),
    );
    expect(await elsewhere.text()).toContain('name="password"');
    expect(await (await asked(session)).text()).toContain("data-desk-row");
    advance(8 * 3600 * 1000 + 1);
    expect(await (await asked(session)).text()).toContain('name="password"');
  });

  it("makes a preview link on the spot and opens it; refuses without a session or cross-site", async () => {
    const { desk, made } = deskWith();
    const session = await signedIn(desk);
    const fields = { action: "preview", template: "news-article", entry: "e1" };
    const opened = await desk.act(post(fields, { cookie: session }), facts);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/_preview/token-of-e1");
    expect(made).toEqual(["news-article/e1"]);
    expect((await desk.act(post(fields), facts)).status).toBe(401);
    const crossSite = await desk.act(
      post(fields, { cookie: session, origin: "https://evil.example" }),
      facts,
    );
    expect(crossSite.status).toBe(403);
    const fetchedCrossSite = await desk.act(
      post(fields, { cookie: session, "sec-fetch-site": "cross-site", origin: "null" }),
      facts,
    );
    expect(fetchedCrossSite.status).toBe(403);
    expect(made).toHaveLength(1);
  });
});

describe("the instant a timed-view form names", () => {
  const form = (fields: Record<string, string>) => chosenInstant(new URLSearchParams(fields));

  it("takes a row's instant with its offset, or a typed local time at an offset", () => {
    expect(form({ at: "1898856000000", offset: "180" })).toEqual({
      at: 1898856000000,
      timezoneOffset: 180,
    });
    expect(form({ when: "2030-03-05T09:30", zone: "+02:00" })).toEqual({
      at: Date.UTC(2030, 2, 5, 7, 30),
      timezoneOffset: -120,
    });
    expect(form({ when: "2030-03-05T09:30", zone: "UTC-05:30" })).toEqual({
      at: Date.UTC(2030, 2, 5, 15, 0),
      timezoneOffset: 330,
    });
    expect(form({ when: "2030-03-05T09:30:15", zone: "" })).toEqual({
      at: Date.UTC(2030, 2, 5, 9, 30, 15),
      timezoneOffset: 0,
    });
  });

  it("says what is wrong with a date that does not exist, an offset or an instant out of range", () => {
    expect(form({ when: "2030-02-30T09:30" })).toBe("That date does not exist.");
    expect(form({ when: "2030-03-05T24:30" })).toBe("That date does not exist.");
    expect(form({ when: "tomorrow" })).toMatch(/^Give a date and time/);
    expect(form({ when: "2030-03-05T09:30", zone: "CET" })).toMatch(/^Give the offset/);
    expect(form({ at: "1e12" })).toBe("That time cannot be shown.");
    expect(form({ at: "1898856000000", offset: "9999" })).toBe("That time cannot be shown.");
  });
});

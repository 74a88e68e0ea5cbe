import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createInMemoryContent, thrownResponse } from "../../../tests/support/content";
import { NOT_FOUND_PREFIX } from "../content-errors.server";
import { loadSectionPage, loadSectionPageForm } from "./page.server";

const content = createInMemoryContent();
vi.mock("../content-client.server", () => ({ getContentClient: () => content.client }));

const ABOUT = "a".repeat(24);
const ARTICLE = "b".repeat(24);
const FORM = "f".repeat(24);

const contactForm = {
  id: FORM,
  meta: {
    title: "Contact",
    slug: "contact",
    fields: [{ name: "email", label: "Email", type: "email", required: true, options: [] }],
    submit_label: "Send",
    outcome: "message",
    success_message: "Thanks",
    destination: "crm:contact",
  },
};

function seed() {
  content.reset({
    entries: {
      page: [
        {
          id: ABOUT,
          meta: {
            title: "About",
            path: "/about",
            hero: { title: "About <em>ID5</em>", description: "Who we are", theme: "orange" },
            tabs: [{ label: "Team", anchor: "team", body: { nodes: [] } }],
            form: { _id: FORM },
          },
          content: [
            {
              type: "paragraph",
              value: `<p>Read <a href="entry:${ARTICLE}@*_0123:entry">the news</a>.</p>`,
            },
          ],
        },
        { id: "c".repeat(24), meta: { title: "Thanks", path: "/universal-id/thanks" } },
        { id: "d".repeat(24), meta: { title: "Secret", path: "/secret" }, status: "Draft" },
      ],
      "news-article": [{ id: ARTICLE, meta: { title: "Launch", slug: "launch" } }],
      form: [contactForm],
    },
  });
}

beforeEach(seed);
afterEach(() => vi.restoreAllMocks());

describe("loadSectionPage", () => {
  it("maps the page at the path: title, head from the hero, hero, body, tabs, form", async () => {
    const page = await loadSectionPage("/about");
    expect(page).toMatchObject({
      path: "/about",
      title: "About",
      head: { title: "About", description: "Who we are" },
      hero: { theme: "orange", description: "Who we are" },
      tabs: [{ label: "Team", anchor: "team", body: [] }],
      form: { id: "contact", submitLabel: "Send" },
    });
    // Internal links point at the linked entry's page.
    expect(JSON.stringify(page.body)).toContain('"href":"/news/launch"');
  });

  it("shows a partner sign-up path the universal-id entry of the same name", async () => {
    expect((await loadSectionPage("/partner-sign-up/thanks")).title).toBe("Thanks");
    expect((await loadSectionPage("/partner-sign-up/thanks")).path).toBe("/partner-sign-up/thanks");
  });

  it("answers 404 for a path no published page has", async () => {
    for (const path of ["/nowhere", "/secret"]) {
      expect(await thrownResponse(loadSectionPage(path))).toEqual({
        status: 404,
        body: `${NOT_FOUND_PREFIX}${path}`,
      });
    }
  });
});

describe("loadSectionPageForm", () => {
  it("reads only the form of the page, and 404s like the page", async () => {
    expect(await loadSectionPageForm("/about")).toMatchObject({ id: "contact" });
    expect(await loadSectionPageForm("/universal-id/thanks")).toBeUndefined();
    expect((await thrownResponse(loadSectionPageForm("/nowhere"))).status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { RichContent } from "~/components/rich-text/rich-content";
import { renderMarkup } from "../../../tests/support/markup";
import { paragraph } from "../../../tests/support/widgets";
import { ContentColsWidget } from "./content-cols-widget";

describe("ContentColsWidget", () => {
  it("renders each column as rich content, links included", () => {
    const html = renderMarkup(
      <ContentColsWidget
        Blocks={RichContent}
        cols={[
          [
            { type: "rich", nodes: [{ tag: "h3", children: ["For media owners"] }] },
            paragraph("Recognise more of your audience without third-party cookies."),
          ],
          [
            {
              type: "rich",
              nodes: [
                {
                  tag: "p",
                  children: [
                    "Read the ",
                    {
                      tag: "a",
                      attrs: { href: "/publisher-onboarding-guide" },
                      children: ["guide"],
                    },
                  ],
                },
              ],
            },
          ],
        ]}
      />,
    );
    expect(html.startsWith('<div class="w-content-cols" data-widget="content-cols">')).toBe(true);
    expect(html.match(/class="rich-content w-content-cols__col"/g)).toHaveLength(2);
    expect(html).toContain("<h3>For media owners</h3>");
    expect(html).toMatch(/<a href="\/publisher-onboarding-guide"[^>]*>guide<\/a>/);
  });
});

import { describe, expect, it } from "vitest";
import { RichContent } from "~/components/rich-text/rich-content";
import { renderMarkup } from "../../../tests/support/markup";
import { svgLogo } from "../../../tests/support/widgets";
import { CompaniesWidget } from "./companies-widget";

const items = [
  {
    logo: svgLogo("lumen-ssp", "Lumen SSP"),
    description: [
      {
        type: "rich" as const,
        nodes: [
          {
            tag: "p" as const,
            children: [
              "Lumen passes the ID5 ID in every bid request. ",
              {
                tag: "a" as const,
                attrs: { href: "/resources/lumen-case-study" },
                children: ["Case study"],
              },
            ],
          },
        ],
      },
    ],
  },
  { description: [{ type: "rich" as const, nodes: ["A partner without a logo."] }] },
];

describe("CompaniesWidget", () => {
  it("renders the optional title and one card per company with logo and rich description", () => {
    const html = renderMarkup(
      <CompaniesWidget Blocks={RichContent} title="Trusted by the industry" items={items} />,
    );
    expect(html).toContain('<h2 class="w-companies__title">Trusted by the industry</h2>');
    expect(html.match(/<li class="w-companies__card">/g)).toHaveLength(2);
    expect(html).toContain('role="img" aria-label="Lumen SSP"');
    expect(html).toContain('<div class="rich-content w-companies__text"><p>Lumen passes');
    expect(html).toMatch(/<a href="\/resources\/lumen-case-study"[^>]*>Case study<\/a>/);
    expect(html.match(/w-companies__logo"/g)).toHaveLength(1);
  });

  it("renders no heading without a title", () => {
    const html = renderMarkup(<CompaniesWidget Blocks={RichContent} items={items} />);
    expect(html).not.toContain("<h2");
    expect(html.startsWith('<div class="w-companies" data-widget="companies"><ul')).toBe(true);
  });
});

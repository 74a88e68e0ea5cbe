import { describe, expect, it } from "vitest";
import { renderMarkup } from "../../../tests/support/markup";
import { rasterImage, svgLogo } from "../../../tests/support/widgets";
import { TestimonialsWidget } from "./testimonials-widget";

describe("TestimonialsWidget", () => {
  const html = renderMarkup(
    <TestimonialsWidget
      items={[
        {
          quote: "ID5 gave our programmatic teams a stable identifier across every browser.",
          author: {
            name: "Maya Lindqvist",
            title: "VP Programmatic, Northwind Media",
            avatar: rasterImage("maya-lindqvist", 256, 256, "Maya Lindqvist"),
            logo: svgLogo("northwind", "Northwind Media"),
          },
        },
        { quote: "Integration took an afternoon.", author: { name: "Tom Achebe" } },
      ]}
    />,
  );

  it("renders a card per item with the quote in a blockquote", () => {
    expect(html.startsWith('<ul class="w-testimonials" data-widget="testimonials">')).toBe(true);
    expect(html.match(/<figure class="w-testimonials__card">/g)).toHaveLength(2);
    expect(html).toContain(
      '<blockquote class="w-testimonials__quote"><p>ID5 gave our programmatic teams a stable identifier across every browser.</p></blockquote>',
    );
  });

  it("names the author with title, avatar and logo when present", () => {
    expect(html).toContain('<span class="w-testimonials__name">Maya Lindqvist</span>');
    expect(html).toContain(
      '<span class="w-testimonials__title">VP Programmatic, Northwind Media</span>',
    );
    expect(html).toMatch(
      /<img class="media-img w-testimonials__avatar"[^>]*width="256" height="256"/,
    );
    expect(html).toContain(
      'class="media-svg w-testimonials__logo" role="img" aria-label="Northwind Media"',
    );
  });

  it("leaves out the optional parts when absent", () => {
    const second = html.slice(html.lastIndexOf("<li>"));
    expect(second).toContain('<span class="w-testimonials__name">Tom Achebe</span>');
    expect(second).not.toContain("w-testimonials__title");
    expect(second).not.toContain("<img");
    expect(second).not.toContain("media-svg");
  });
});

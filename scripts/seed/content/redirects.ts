/** Entries of the `redirect` template: short links and retired addresses editors keep. */
import type { EntrySpec } from "../entries";

interface RedirectSpec {
  slug: string;
  title: string;
  from: string;
  to: string;
  status?: "301" | "302" | "307" | "308";
  note: string;
}

function redirect(r: RedirectSpec): EntrySpec {
  return {
    template: "redirect",
    values: {
      title: r.title,
      slug: r.slug,
      from: r.from,
      to: r.to,
      ...(r.status ? { status: r.status } : {}),
      note: r.note,
    },
  };
}

export const redirects: EntrySpec[] = [
  redirect({
    slug: "summit-short-link",
    title: "Summit flyer short link",
    from: "/summit",
    to: "/events/addressability-summit-london-2026",
    status: "302",
    note: "Printed on the London summit flyers; points at this year's event.",
  }),
  redirect({
    slug: "london-short-link",
    title: "Older summit short link",
    from: "/london",
    to: "/summit",
    note: "An older short link: it leads to /summit, which the site answers in one hop.",
  }),
  redirect({
    slug: "careers",
    title: "Careers site",
    from: "/careers",
    to: "https://careers.id5.io/",
    note: "Open positions are applied for on the careers site.",
  }),
  redirect({
    slug: "retired-partner-programme",
    title: "Retired partner programme page",
    from: "/partner-programme",
    to: "/contact",
    note: "The 2024 partner programme page is retired; partners now start from the contact form.",
  }),
];

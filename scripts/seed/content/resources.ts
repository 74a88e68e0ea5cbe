/** Entries of the `resource` template. */
import { type Block, h2, p, ps, stats, ul } from "../dsl";
import type { EntrySpec } from "../entries";
import { type ArtStyle, defineMedia, type MediaRef, picture } from "../media";
import { formRef } from "./forms";
import { seo } from "./helpers";

type Kind = "case-study" | "report" | "guide" | "webinar";

interface ResourceSpec {
  slug: string;
  title: string;
  kind: Kind;
  description: string;
  cover: [style: ArtStyle, alt: string];
  body: Block[];
  /** a gated file: the page then shows the `resource-download` form below the body */
  download?: MediaRef;
}

/** A gated PDF under downloads/, written by the seed (pdf.ts; ASCII text only). */
const pdf = (name: string, alt: string, title: string, lines: string[]) =>
  defineMedia(`downloads/${name}.pdf`, alt, { kind: "pdf", title, lines });

const downloads = {
  stateOfIdentity: pdf(
    "state-of-identity-2026",
    "The State of Identity 2026 (PDF)",
    "The State of Identity 2026",
    [
      "Addressability across browsers, apps and connected TV in 20 markets.",
      "",
      "Key findings",
      "- Without an alternative identifier, a large share of open-web impressions",
      "  cannot be recognised by buyers, and that share keeps growing.",
      "- Media owners who share consented first-party signals see the largest",
      "  gains in ID accuracy and in the prices buyers pay.",
      "- Buyers value identified impressions more in every channel we measured,",
      "  and most expect to rely on alternative IDs for the next three years.",
      "- Connected TV is the fastest-growing channel for identity, with large",
      "  differences between markets.",
      "",
      "Method",
      "Network figures are aggregated and anonymous, taken from the ID5 network",
      "over twelve months. The survey reached 400 publishers, platforms and",
      "agencies in Europe, the Americas and Asia-Pacific.",
      "",
      "(c) 2026 ID5 Technology Ltd.",
    ],
  ),
  bidStreamGuide: pdf(
    "guide-passing-ids-in-the-bid-stream",
    "A practical guide to passing identifiers in the bid stream (PDF)",
    "Passing identifiers in the bid stream",
    [
      "A practical guide for SSP engineers and product managers.",
      "",
      "1. Read the ID where the publisher puts it: in OpenRTB 2.6, extended",
      "   identifiers live in user.eids, one entry per source.",
      "2. Forward the value exactly as received. The ID5 ID is encrypted for",
      "   each partner; rewriting or re-encoding it breaks decryption.",
      "3. Keep consent and privacy strings with the ID: regs.gdpr, user.consent,",
      "   regs.us_privacy and the Global Privacy Platform fields.",
      "4. Drop the ID when the signals say you must, and only then.",
      "5. Monitor: share of requests carrying the ID per publisher, decryption",
      "   errors reported by buyers, and sudden drops after a release.",
      "",
      "Questions? Write to support@id5.io.",
    ],
  ),
  graphWebinarNotes: pdf(
    "webinar-id5-graph-in-practice-notes",
    "Session notes: the ID5 Graph in practice (PDF)",
    "Session notes: the ID5 Graph in practice",
    [
      "Key points from the webinar with the ID5 data science team.",
      "",
      "- Deterministic links come from consented, hashed signals; probabilistic",
      "  links are scored and kept only above a confidence threshold.",
      "- Links are evaluated against held-out truth sets in every market.",
      "- Households are modelled separately from individuals.",
      "- Opt-outs propagate to every linked identifier.",
      "- Data platforms resolve first-party records through the Graph without",
      "  sending those records to ID5 in plain text.",
    ],
  ),
  ctvWebinarNotes: pdf(
    "webinar-identity-for-ctv-notes",
    "Session notes: identity for connected TV (PDF)",
    "Session notes: identity for connected TV",
    [
      "Key points from the panel of streaming services, an agency and ID5.",
      "",
      "- Households, not people, are the natural unit of identity on CTV.",
      "- Device identifiers differ by platform and reset more often than",
      "  buyers expect; server-side integrations carry the ID more reliably.",
      "- Cross-screen frequency needs one identifier from planning through",
      "  to measurement.",
      "- Viewers' privacy choices must travel with the ID on every screen.",
    ],
  ),
};

function resource(r: ResourceSpec): EntrySpec {
  const cover = picture(`covers/resource-${r.slug}.jpg`, r.cover[1], r.cover[0], 1200, 675);
  return {
    template: "resource",
    values: {
      title: r.title,
      slug: r.slug,
      kind: r.kind,
      description: r.description,
      cover,
      download: r.download,
      seo: seo(r.title, r.description, { image: cover }),
      form: r.download ? formRef("resource-download") : undefined,
    },
    content: r.body,
  };
}

export const resources: EntrySpec[] = [
  resource({
    slug: "case-study-publisher-addressability",
    title: "Case study: how Parallax News made its anonymous audience addressable",
    kind: "case-study",
    description:
      "A national news publisher integrated the ID5 ID and shared consented first-party signals. Within three months, most of its Safari traffic was addressable again.",
    cover: ["graph", "Nodes connected across a blue gradient"],
    body: [
      h2("The challenge"),
      ps(
        "Parallax News publishes national and regional news to millions of readers a month. More than 40% of its page views came from browsers that block third-party cookies, and that inventory sold at a fraction of the price of the rest.",
      ),
      h2("The approach"),
      ps(
        "The ad-operations team added the ID5 module to its Prebid.js set-up in a single release, then began sharing hashed emails from readers who had signed in and consented. ID5 worked with the publisher's SSPs to make sure the ID was passed through to buyers.",
      ),
      h2("The results"),
      stats([
        { title: "Safari impressions carrying an ID", value: "68%", progress: 68 },
        { title: "Increase in CPM on that traffic", value: "+41%", progress: 41 },
        { title: "Time to go live", value: "9 days" },
      ]),
      p(
        "Parallax News now uses the ID5 ID to package audiences for direct deals as well. Ready to do the same? Follow the [publisher onboarding guide](/publisher-onboarding-guide).",
      ),
    ],
  }),
  resource({
    slug: "state-of-identity-2026",
    title: "The State of Identity 2026",
    kind: "report",
    description:
      "Our annual report on addressability across browsers, apps and connected TV in 20 markets, with survey results from 400 industry professionals.",
    cover: ["rings", "Concentric rings on a deep navy background"],
    body: [
      ps(
        "How much of the open internet can advertisers actually recognise today? The State of Identity 2026 answers with data from the ID5 network and a survey of publishers, platforms and agencies.",
      ),
      h2("Inside the report"),
      ul([
        "Addressability by browser, operating system and channel in 20 markets.",
        "Which signals media owners share, and how much they improve accuracy.",
        "How buyers value alternative identifiers in their bidding.",
        "The state of CTV identity, market by market.",
        "Privacy regulation: what changed in 2025 and what is coming.",
      ]),
      p(
        "All network figures are aggregated and anonymous. Read the [announcement](/news/state-of-identity-2026-report-published) for the headline findings.",
      ),
      p("Fill in the form below to download the full report as a PDF."),
    ],
    download: downloads.stateOfIdentity,
  }),
  resource({
    slug: "guide-passing-ids-in-the-bid-stream",
    title: "A practical guide to passing identifiers in the bid stream",
    kind: "guide",
    description:
      "For SSP engineers and product managers: how to read, validate and forward the ID5 ID and other extended IDs in OpenRTB.",
    cover: ["blocks", "Rounded blocks passing from left to right"],
    body: [
      ps(
        "Extended identifiers only create value if they reach the buyer intact. This guide covers the fields, encodings and checks every supply-side platform should know.",
      ),
      h2("What the guide covers"),
      ul([
        "Where extended IDs live in OpenRTB 2.6 and how to forward them.",
        "How ID5's per-partner encryption works, and why you should never rewrite the value.",
        "Passing consent and privacy strings alongside the ID.",
        "Monitoring: the metrics that reveal a broken integration early.",
      ]),
      p("Fill in the form below to download the guide as a PDF."),
    ],
    download: downloads.bidStreamGuide,
  }),
  resource({
    slug: "webinar-id5-graph-in-practice",
    title: "Webinar: the ID5 Graph in practice",
    kind: "webinar",
    description:
      "A recorded session with our data science team on how the ID5 Graph links signals, how links are scored and how data platforms use it.",
    cover: ["graph", "Graph of nodes in mint and white"],
    body: [
      ps(
        "In this 45-minute session, our data scientists explain how the ID5 Graph is built and evaluated, and a data-platform partner shows how it resolves first-party records with it.",
        "Topics include deterministic and probabilistic links, household modelling, confidence scores and how opt-outs propagate through the graph.",
      ),
      p("Fill in the form below to download the session notes as a PDF."),
    ],
    download: downloads.graphWebinarNotes,
  }),
  resource({
    slug: "case-study-retail-media-network",
    title: "Case study: Orbital Commerce extends its retail media network to the open web",
    kind: "case-study",
    description:
      "How a retailer used the ID5 Graph to reach its shoppers off-site, and measure sales impact, without sharing customer data.",
    cover: ["blocks", "Colourful blocks on a mint gradient"],
    body: [
      h2("The challenge"),
      p(
        "Orbital Commerce runs a fast-growing retail media network on its own site and app. Brands wanted to reach the same shoppers on the open web and measure the effect on sales, but the retailer would not share customer records with anyone.",
      ),
      h2("The approach"),
      p(
        "Orbital resolved hashed customer emails to ID5 IDs inside its own cloud using the ID5 Graph, then made audiences available to brands through a DSP that reads the ID. Sales were matched back to exposed IDs in a clean room.",
      ),
      h2("The results"),
      ul([
        "Off-site reach for retail media campaigns grew several times over.",
        "Brands saw measurable sales lift among exposed shoppers.",
        "No customer data left the retailer's environment.",
      ]),
    ],
  }),
  resource({
    slug: "guide-consent-and-identity",
    title: "Consent and identity: a guide for media owners",
    kind: "guide",
    description:
      "How the IAB frameworks, Global Privacy Control and regional laws affect identifiers, and how to configure your consent platform for the ID5 ID.",
    cover: ["grid", "Dot grid on a blue gradient"],
    body: [
      ps(
        "Consent is not a checkbox; it is the condition under which an identifier may exist at all. This guide explains how consent and opt-out signals flow from your consent management platform to the ID5 ID and on to buyers.",
      ),
      ul([
        "Europe: the Transparency and Consent Framework and legitimate interest.",
        "United States: opt-out rights, the Global Privacy Platform and Global Privacy Control.",
        "Asia-Pacific: notable differences in Japan, Australia and Singapore.",
      ]),
      p(
        "For the legal detail behind our own processing, see the [platform privacy policy](/trust/platform-privacy-policy).",
      ),
    ],
  }),
  resource({
    slug: "webinar-identity-for-ctv",
    title: "Webinar: identity for connected TV",
    kind: "webinar",
    description:
      "Streaming services and buyers discuss how to identify households on CTV, measure reach across screens and respect viewers' privacy choices.",
    cover: ["waves", "Waves across a navy screen"],
    body: [
      ps(
        "Connected TV combines the reach of television with the targeting of digital, but only if buyers can recognise the household behind each screen.",
        "Our panel of streaming services, an agency and ID5 engineers discusses device identifiers, server-side integrations and cross-screen frequency.",
      ),
      p("Fill in the form below to download the session notes as a PDF."),
    ],
    download: downloads.ctvWebinarNotes,
  }),
];

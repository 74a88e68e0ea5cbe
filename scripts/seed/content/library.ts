/**
 * Media shared across pages: logos, portraits, illustrations, the uploaded
 * video and the site agreement PDF. Covers are declared next to their entries.
 */
import { id5LogoSvg, PALETTE, partnerLogoSvg, wordmarkSvg } from "../artwork";
import { defineMedia, picture } from "../media";

const svg = (path: string, alt: string, markup: string) =>
  defineMedia(path, alt, { kind: "svg", svg: markup });

export const logos = {
  id5: svg("logos/id5-logo.svg", "ID5", id5LogoSvg(PALETTE.navy)),
  id5White: svg("logos/id5-logo-white.svg", "ID5", id5LogoSvg(PALETTE.white)),
  truedata: svg(
    "logos/truedata.svg",
    "TrueData",
    wordmarkSvg("TrueData", PALETTE.navy, PALETTE.orange),
  ),
  northwind: svg(
    "logos/northwind-media.svg",
    "Northwind Media",
    partnerLogoSvg("Northwind Media", "ring", PALETTE.navy, PALETTE.mint),
  ),
  brightwave: svg(
    "logos/brightwave-exchange.svg",
    "Brightwave Exchange",
    partnerLogoSvg("Brightwave Exchange", "wave", PALETTE.blue, PALETTE.orange),
  ),
  lumen: svg(
    "logos/lumen-data.svg",
    "Lumen Data",
    partnerLogoSvg("Lumen Data", "hex", PALETTE.navy, PALETTE.orange),
  ),
  helio: svg(
    "logos/helio-dsp.svg",
    "Helio DSP",
    partnerLogoSvg("Helio DSP", "triangle", PALETTE.navy, PALETTE.mint),
  ),
  cobalt: svg(
    "logos/cobalt-and-finch.svg",
    "Cobalt & Finch",
    partnerLogoSvg("Cobalt & Finch", "diamond", PALETTE.blue, PALETTE.mint),
  ),
  parallax: svg(
    "logos/parallax-news.svg",
    "Parallax News",
    partnerLogoSvg("Parallax News", "bars", PALETTE.navy, PALETTE.blue),
  ),
  orbital: svg(
    "logos/orbital-commerce.svg",
    "Orbital Commerce",
    partnerLogoSvg("Orbital Commerce", "arc", PALETTE.navy, PALETTE.orange),
  ),
  meridian: svg(
    "logos/meridian-streaming.svg",
    "Meridian Streaming",
    partnerLogoSvg("Meridian Streaming", "dots", PALETTE.blue, PALETTE.mint),
  ),
};

const portrait = (path: string, alt: string) => picture(path, alt, "avatar", 400, 400);

export const people = {
  amara: portrait("people/amara-osei.jpg", "Portrait of Amara Osei"),
  lukas: portrait("people/lukas-brandt.jpg", "Portrait of Lukas Brandt"),
  priya: portrait("people/priya-raman.jpg", "Portrait of Priya Raman"),
  hugo: portrait("people/hugo-marchetti.jpg", "Portrait of Hugo Marchetti"),
  sofia: portrait("people/sofia-lindqvist.jpg", "Portrait of Sofia Lindqvist"),
  daniel: portrait("people/daniel-okafor.jpg", "Portrait of Daniel Okafor"),
};

export const images = {
  ogDefault: picture(
    "images/og-default.jpg",
    "Abstract identity graph in ID5 blue and mint",
    "graph",
    1200,
    630,
  ),
  technologyHero: picture(
    "images/technology-hero.jpg",
    "Concentric rings radiating from an orange core",
    "rings",
    1920,
    1080,
  ),
  graphResolution: picture(
    "images/graph-identity-resolution.jpg",
    "Connected nodes representing devices resolved to one household",
    "graph",
    1200,
    900,
    "Identity resolution across devices",
  ),
  graphSignals: picture(
    "images/graph-signal-quality.jpg",
    "Flowing lines representing signals scored in real time",
    "waves",
    1200,
    900,
    "Signal quality scoring",
  ),
  graphConsent: picture(
    "images/graph-consent.jpg",
    "Grid of dots with a highlighted block representing consent checks",
    "grid",
    1200,
    900,
    "Consent travels with every ID",
  ),
  graphActivation: picture(
    "images/graph-activation.jpg",
    "Rounded blocks representing audiences being activated",
    "blocks",
    1200,
    900,
    "Activation across channels",
  ),
  officeLondon: picture(
    "images/office-london.jpg",
    "Abstract artwork for the London office",
    "blocks",
    1200,
    900,
    "London",
  ),
  officeNewYork: picture(
    "images/office-new-york.jpg",
    "Abstract artwork for the New York office",
    "grid",
    1200,
    900,
    "New York",
  ),
  onboardingConsole: picture(
    "images/onboarding-console.jpg",
    "Illustration of the partner console after a successful integration",
    "blocks",
    1600,
    1000,
    "Once the first requests arrive, the console shows match rates per domain.",
  ),
  videoThumbnail: picture(
    "images/video-thumbnail-identity-explained.jpg",
    "Thumbnail of the video: identity explained in two minutes",
    "rings",
    1280,
    720,
  ),
};

export const videos = {
  identityLoop: defineMedia(
    "video/id5-identity-loop.mp4",
    "Animated gradient loop in the ID5 palette",
    { kind: "asset", file: "id5-identity-loop.mp4", width: 960, height: 540 },
  ),
};

export const documents = {
  siteAgreement: defineMedia("documents/site-agreement.pdf", "ID5 Site Agreement (PDF)", {
    kind: "pdf",
    title: "ID5 Site Agreement",
    lines: [
      'This Site Agreement is made between ID5 Technology Ltd ("ID5") and the',
      'organisation named in the signature block (the "Partner").',
      "",
      "1. Scope. The Partner may integrate the ID5 ID on the web properties it",
      "   operates, subject to the ID5 ID Agreement published at /legal.",
      "2. Transparency. The Partner will disclose the use of the ID5 ID in its",
      "   privacy notice and will collect consent where the law requires it.",
      "3. Data. ID5 processes pseudonymous identifiers only and never receives",
      "   plain-text email addresses or other directly identifying data.",
      "4. Term. Either party may end this agreement with 30 days' written notice.",
      "5. Law. This agreement is governed by the laws of England and Wales.",
      "",
      "Signed for ID5: ______________________   Date: ____________",
      "Signed for the Partner: ______________   Date: ____________",
    ],
  }),
};

/** Themes of the hero group. */
export type Theme = "blue-dark" | "blue-light" | "mint" | "orange";

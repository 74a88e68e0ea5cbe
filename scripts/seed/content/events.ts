/** Entries of the `event` template. */
import { type Block, h2, p, ps, ul } from "../dsl";
import type { EntrySpec } from "../entries";
import { type ArtStyle, picture } from "../media";
import { seo } from "./helpers";

interface EventSpec {
  slug: string;
  title: string;
  start: string;
  end?: string;
  location: string;
  description: string;
  registration?: string;
  cover: [style: ArtStyle, alt: string];
  body: Block[];
}

function event(e: EventSpec): EntrySpec {
  const cover = picture(`covers/event-${e.slug}.jpg`, e.cover[1], e.cover[0]);
  return {
    template: "event",
    values: {
      title: e.title,
      slug: e.slug,
      start_date: e.start,
      end_date: e.end,
      location: e.location,
      description: e.description,
      cover,
      registration_url: e.registration,
      seo: seo(e.title, e.description, { image: cover }),
    },
    content: e.body,
  };
}

export const events: EntrySpec[] = [
  event({
    slug: "addressability-summit-london-2026",
    title: "Addressability Summit London 2026",
    start: "2026-03-18T09:00:00Z",
    end: "2026-03-19T17:30:00Z",
    location: "Old Billingsgate, London, United Kingdom",
    description:
      "Two days on the future of addressable advertising in Europe. Our CTO Sofia Lindqvist speaks on measuring identity accuracy.",
    registration: "https://example.com/addressability-summit-london-2026",
    cover: ["graph", "Connected nodes on a navy background"],
    body: [
      ps(
        "The Addressability Summit brings together publishers, platforms, agencies and regulators for two days of talks and workshops on identity, consent and measurement in Europe.",
        "On the first day, **Sofia Lindqvist**, CTO of ID5, presents *How accurate is your ID? Measuring identity without ground truth*, a look at the holdout methods we use to score the ID5 Graph and what they reveal about the market.",
      ),
      h2("Meet the team"),
      p(
        "Our partnerships and solutions engineering teams will be at stand 14 throughout the event. Book a meeting in advance through our [contact page](/contact).",
      ),
    ],
  }),
  event({
    slug: "identity-breakfast-new-york-2026",
    title: "ID5 Identity Breakfast — New York",
    start: "2026-05-06T12:30:00Z",
    end: "2026-05-06T14:30:00Z",
    location: "The Greenwich Room, 75 Ninth Avenue, New York, NY",
    description:
      "An invitation-only breakfast for publishers and buyers on US privacy laws, CTV identity and what the TrueData integration means for the US market.",
    cover: ["rings", "Rings radiating from an orange centre"],
    body: [
      ps(
        "Join us for coffee, breakfast and an honest conversation about identity in the US market.",
        "**Priya Raman**, our Chief Privacy Officer, will walk through the state privacy laws taking effect this year, followed by a panel with publishers and a DSP on making CTV audiences addressable.",
      ),
      ul([
        "8:30 — Breakfast and networking",
        "9:00 — US privacy in 2026: a practical briefing",
        "9:30 — Panel: one household, many screens",
        "10:15 — Close",
      ]),
      p(
        "Places are limited. Ask your account manager for an invitation or write to **events@id5.io**.",
      ),
    ],
  }),
  event({
    slug: "programmatic-identity-meetup-paris",
    title: "Programmatic Identity Meetup Paris",
    start: "2026-10-08T16:00:00Z",
    end: "2026-10-08T19:00:00Z",
    location: "Station F, 5 parvis Alan Turing, Paris, France",
    description:
      "An evening meetup for ad-tech engineers: lightning talks on Prebid, consent strings and low-latency identity services.",
    registration: "https://example.com/programmatic-identity-meetup-paris",
    cover: ["grid", "Dot grid with an orange tile on blue"],
    body: [
      ps(
        "The Programmatic Identity Meetup is a free, community-run evening for engineers who work on ad tech. ID5 hosts this edition in Paris.",
        "Expect short technical talks, including one from our team on rewriting the ID5 Prebid.js module for speed, followed by drinks and conversation. Talks are in English.",
      ),
      p(
        "Want to speak at a future edition? Send a short proposal to **meetups@id5.io**. Curious about the work? [We are hiring in Paris](/jobs).",
      ),
    ],
  }),
  event({
    slug: "ctv-identity-roundtable-singapore",
    title: "CTV Identity Roundtable — Singapore",
    start: "2026-12-03T02:00:00Z",
    end: "2026-12-03T05:00:00Z",
    location: "ID5 Singapore, 18 Cross Street, Singapore",
    description:
      "A roundtable for broadcasters, streaming services and agencies in Asia-Pacific on identity for connected TV.",
    cover: ["waves", "Waves of light across a deep blue background"],
    body: [
      ps(
        "Connected TV is growing quickly across Asia-Pacific, but every market and platform identifies viewers differently. This roundtable brings together broadcasters, streaming services and agencies to compare notes.",
        "Our Singapore team will share what we have learned linking CTV devices to households in the ID5 Graph, and how consent and local law shape what is possible.",
      ),
      p("The roundtable is limited to 20 participants. Request a seat at **events@id5.io**."),
    ],
  }),
];

/** Entries of the `news-article` template. */
import { type Block, h2, p, ps, ul } from "../dsl";
import type { EntrySpec, StatusLabel } from "../entries";
import { type ArtStyle, picture } from "../media";
import { seo } from "./helpers";

type Category = "company" | "product" | "partnerships" | "industry";

interface Article {
  slug: string;
  date: string;
  title: string;
  description: string;
  category: Category;
  author?: string;
  cover: [style: ArtStyle, alt: string];
  body: Block[];
  status?: StatusLabel;
  /** When a Published article goes live (ISO time, with the editor's offset). */
  publishAt?: string;
}

function article(a: Article): EntrySpec {
  const cover = picture(`covers/news-${a.slug}.jpg`, a.cover[1], a.cover[0]);
  return {
    template: "news-article",
    date: a.date,
    status: a.status,
    values: {
      title: a.title,
      slug: a.slug,
      date: a.date,
      description: a.description,
      cover,
      category: a.category,
      author: a.author,
      seo: seo(a.title, a.description, { image: cover, noIndex: a.status === "Draft" }),
      publish_at: a.publishAt,
    },
    content: a.body,
  };
}

const ARTICLES: Article[] = [
  {
    slug: "id5-id-adds-real-time-signal-scoring",
    date: "2025-01-21",
    title: "The ID5 ID now tells buyers how confident it is",
    description:
      "Version 4.0 adds a real-time confidence score to every ID, so platforms can value impressions by the quality of the signals behind them.",
    category: "product",
    author: "Sofia Lindqvist",
    cover: ["waves", "Flowing lines in mint and orange on a navy background"],
    body: [
      ps(
        "Not every identifier is created equal. An ID derived from a logged-in user's hashed email is more reliable than one inferred from an IP address on a shared network, and buyers have long asked for a way to tell the difference.",
        "With version 4.0, released today, every ID5 ID carries a **confidence score** computed at the moment the ID is generated. The score reflects which signals were available, how recent they are and how consistently they have been linked in the ID5 Graph.",
        "Demand-side platforms can read the score from the extended-ID field of the bid request and use it in their bidding models, for example to pay more for deterministic matches or to exclude low-confidence IDs from frequency capping.",
        "The score is available to all partners at no extra cost. Media owners do not need to change anything: the update is rolled out through our Prebid.js module and SDKs. The full list of changes is in the [release notes](/universal-id/release-notes).",
      ),
    ],
  },
  {
    slug: "what-chromes-cookie-choice-means-for-publishers",
    date: "2025-02-18",
    title: "Cookies by choice: what Chrome's new approach means for publishers",
    description:
      "Third-party cookies are not disappearing overnight, but relying on them is no longer a strategy. Our take on what media owners should do now.",
    category: "industry",
    author: "Hugo Marchetti",
    cover: ["grid", "Dot grid with an orange square on a blue gradient"],
    body: [
      ps(
        "After years of delays, Chrome has settled on letting users decide whether third-party cookies are allowed. It is tempting to read this as a reprieve. We think that would be a mistake.",
        "Safari and Firefox already block third-party cookies by default, and a significant share of Chrome users are expected to turn them off when prompted. In practice, a large and growing part of every publisher's audience will be invisible to cookie-based buyers — and that part tends to be the most valuable, privacy-conscious one.",
      ),
      h2("Three things to do this quarter"),
      ul([
        "**Measure your anonymous traffic.** Know what share of your impressions carries no usable identifier today, by browser and by device.",
        "**Deploy an interoperable ID alongside cookies.** Running both lets buyers transition at their own pace without you losing revenue in the meantime.",
        "**Invest in consented first-party relationships.** Logins and newsletters make every identifier more accurate, including ours.",
      ]),
      p(
        "We have written a step-by-step [publisher onboarding guide](/publisher-onboarding-guide) for media owners who want to start now.",
      ),
    ],
  },
  {
    slug: "northwind-media-rolls-out-id5-id-across-europe",
    date: "2025-03-25",
    title: "Northwind Media rolls out the ID5 ID across its European portfolio",
    description:
      "The publishing group has integrated the ID5 ID on 40 news and lifestyle titles in six countries, after a pilot that lifted addressable revenue.",
    category: "partnerships",
    author: "ID5 Newsroom",
    cover: ["graph", "Connected nodes in white and mint on a deep blue background"],
    body: [
      ps(
        "Northwind Media, one of Europe's largest independent publishing groups, has completed the roll-out of the ID5 ID across 40 titles in the United Kingdom, Germany, France, Spain, Italy and the Netherlands.",
        "The decision followed a three-month pilot on four titles, during which the share of addressable impressions on Safari and Firefox rose from under 10% to more than 60%, and average CPMs on that traffic increased significantly.",
        '"Our readers trust us with their attention, and our advertisers want to reach them responsibly," said Amara Osei, Chief Revenue Officer at Northwind Media. "The ID5 ID lets us do both, with consent handled the same way on every site."',
        "Northwind Media now shares hashed emails from its logged-in readers through the ID5 integration, further improving match rates with buyers. Read more about similar results in our [publisher addressability case study](/resources/case-study-publisher-addressability).",
      ),
    ],
  },
  {
    slug: "introducing-id5-graph-explorer",
    date: "2025-04-29",
    title: "Introducing the ID5 Graph explorer for data platforms",
    description:
      "A new console tool shows data platforms how their first-party records resolve to the ID5 ID, source by source.",
    category: "product",
    author: "Sofia Lindqvist",
    cover: ["blocks", "Rounded blocks in mint, orange and sky blue on navy"],
    body: [
      ps(
        "Data platforms that onboard audiences through the ID5 Graph have told us the same thing again and again: they want to see what happens to their records before they commit them to a campaign.",
        "The **ID5 Graph explorer**, available today in the partner console, answers that. Upload a sample of pseudonymous keys — hashed emails, mobile advertising IDs, CTV device IDs — and the explorer reports the match rate, the confidence distribution and the expected reach in each market, without any data leaving your account.",
        "The explorer runs on the same infrastructure as production resolution, so what you see is what you will get. Results are kept for 30 days and then deleted.",
        "Existing data-platform partners have access now. If you are new to ID5, [connect your platform here](/universal-id/data-platforms).",
      ),
    ],
  },
  {
    slug: "id5-opens-singapore-office",
    date: "2025-05-27",
    title: "ID5 opens a Singapore office to support growth in Asia-Pacific",
    description:
      "A new regional hub brings partnership, support and solutions engineering closer to media owners and platforms across APAC.",
    category: "company",
    author: "Daniel Okafor",
    cover: ["rings", "Concentric rings around an orange core on a blue gradient"],
    body: [
      ps(
        "ID5 has opened an office in Singapore, its fourth hub after London, New York and Paris. The team will support partners in South-East Asia, Australia, India and Japan.",
        "Asia-Pacific is our fastest-growing region. Mobile and app traffic dominate many of its markets, and privacy rules are evolving quickly — from Japan's amended personal information law to new frameworks in Australia and India.",
        "The Singapore team combines partnership managers, solutions engineers and a privacy specialist, so partners can get answers in their own time zone. We are hiring: see the [open positions](/jobs).",
      ),
    ],
  },
  {
    slug: "identity-is-infrastructure-notes-from-cannes",
    date: "2025-06-24",
    title: "Identity is infrastructure: notes from a week in Cannes",
    description:
      "What we heard from publishers, platforms and agencies on the Croisette, and why the identity conversation has finally grown up.",
    category: "industry",
    author: "Hugo Marchetti",
    cover: ["waves", "Sunlit waves in orange and sky blue over navy"],
    body: [
      ps(
        "A few years ago, every identity conversation in Cannes started with the same question: what will replace the third-party cookie? This year, almost nobody asked it.",
        "Instead, buyers wanted to know how to measure reach consistently across the open web, retail media and CTV. Publishers wanted to know how to package their first-party audiences without handing them over. And everyone wanted to talk about privacy regulation in the United States.",
        "Our conclusion: identity has become infrastructure. Like payments or cloud computing, it is expected to be reliable, neutral and mostly invisible — and to be judged on uptime, accuracy and transparency rather than on slogans.",
        "That is the standard we hold ourselves to. Thank you to everyone who stopped by for a coffee and a difficult question.",
      ),
    ],
  },
  {
    slug: "truedata-one-year-on",
    date: "2025-07-15",
    title: "One year after the TrueData acquisition: mobile signals now power the ID5 Graph",
    description:
      "The integration of TrueData into ID5 is complete. Here is what it has changed for partners in apps, CTV and the US market.",
    category: "company",
    author: "Daniel Okafor",
    cover: ["graph", "Network of nodes with orange highlights on navy"],
    body: [
      ps(
        "A year ago, [ID5 acquired TrueData](/id5-acquires-truedata), a US specialist in mobile identity and audience data. Today we can report that the integration is complete: TrueData's signals are part of every ID5 Graph release, and its team works side by side with ours.",
        "The effect has been most visible where the web alone sees least. In mobile apps, the share of requests we can resolve to a stable ID has risen markedly, and on connected TV the graph now links considerably more streaming devices to the households that own them.",
        "We have also applied ID5's privacy programme to every TrueData data source, retiring those that did not meet our consent and transparency standards. Fewer sources, better documented, turned out to improve accuracy rather than reduce it.",
        "TrueData customers kept their contracts and contacts throughout the transition, and most now access the same data through the ID5 Graph APIs.",
      ),
      h2("What's next"),
      p(
        "Over the next year we will extend the graph to new markets in Asia-Pacific and publish accuracy benchmarks for each region. Follow our [release notes](/universal-id/release-notes) for details.",
      ),
    ],
  },
  {
    slug: "brightwave-exchange-passes-id5-id-by-default",
    date: "2025-08-19",
    title: "Brightwave Exchange passes the ID5 ID to buyers by default",
    description:
      "The supply-side platform now includes the ID5 ID in every eligible bid request, across display, video and CTV.",
    category: "partnerships",
    author: "ID5 Newsroom",
    cover: ["blocks", "Blocks in blue and mint on a gradient from navy to mint"],
    body: [
      ps(
        "Brightwave Exchange has made the ID5 ID a default part of its bid requests. Publishers on the exchange no longer need to opt in: wherever consent allows, the encrypted ID is passed to every connected demand partner.",
        '"Our buyers kept asking for a consistent identifier across our supply," said Lukas Brandt, VP Product at Brightwave. "Making the ID5 ID the default was the simplest way to give them one."',
        "Because each ID is encrypted for its recipient, Brightwave can share it widely without enabling unauthorised cookie syncing between buyers.",
        "SSPs interested in a similar set-up can [get started here](/universal-id/supply-side-platforms).",
      ),
    ],
  },
  {
    slug: "faster-prebid-module-for-id5-id",
    date: "2025-09-30",
    title: "A faster, leaner Prebid.js module for the ID5 ID",
    description:
      "Release 4.2 rewrites our Prebid.js module with storage fallbacks and quicker cache reads, cutting time to first ID on every page view.",
    category: "product",
    author: "Sofia Lindqvist",
    cover: ["grid", "White dot grid on a blue background with an orange tile"],
    body: [
      ps(
        "Every millisecond spent before an auction starts is a millisecond a publisher pays for. With release 4.2 we rewrote the ID5 module for Prebid.js from the ground up.",
        "The new module reads the cached ID synchronously where storage allows, falls back gracefully when it does not, and defers refreshes until after the auction. In our tests on partner sites, the ID was available to the first auction on the page in almost every case.",
        "The module is available in the latest Prebid.js release. Upgrading requires no configuration change. As always, details are in the [release notes](/universal-id/release-notes).",
      ),
    ],
  },
  {
    slug: "us-state-privacy-laws-2026-what-changes",
    date: "2025-10-28",
    title: "US state privacy laws in 2026: what changes for advertisers",
    description:
      "More states, more opt-out signals, more scrutiny of sensitive data. A practical overview for the teams planning next year's campaigns.",
    category: "industry",
    author: "Priya Raman",
    cover: ["rings", "Rings of light on a navy and purple gradient"],
    body: [
      ps(
        "By the start of 2026, a majority of Americans will live in a state with a comprehensive consumer privacy law. The laws differ in detail, but they share a common direction for advertising.",
      ),
      ul([
        "**Opt-out preference signals** such as Global Privacy Control must be honoured in more states, and regulators are checking.",
        "**Targeted advertising** is consistently treated as something consumers can refuse, regardless of whether data is sold.",
        "**Sensitive data**, including precise location and health information, increasingly requires opt-in consent.",
      ]),
      ps(
        "The ID5 ID reads opt-out signals and Global Privacy Platform strings and stops generating or sharing an ID for users who object. Our own approach is described in the [US state privacy rights section](/trust/privacy-policy#us-state-privacy-rights) of our privacy policy.",
        "This overview is not legal advice. Talk to your counsel about how these laws apply to your business.",
      ),
    ],
  },
  {
    slug: "id5-renews-iso-27001-certification",
    date: "2025-11-25",
    title: "ID5 renews its ISO/IEC 27001 certification",
    description:
      "An independent audit has again confirmed that ID5's information security management system meets the international standard.",
    category: "company",
    author: "ID5 Newsroom",
    cover: ["blocks", "Abstract blocks suggesting a secure structure"],
    body: [
      ps(
        "ID5 has successfully completed its annual ISO/IEC 27001 surveillance audit. The certification covers the systems that generate, store and share the ID5 ID and the ID5 Graph, as well as our corporate IT.",
        "Partners can request a copy of the certificate and the statement of applicability from their account manager or from **security@id5.io**.",
        "Security is one half of trust; transparency is the other. Our [trust centre](/trust) brings together our policies, agreements and commitments.",
      ),
    ],
  },
  {
    slug: "helio-dsp-activates-id5-graph-audiences-on-ctv",
    date: "2025-12-16",
    title: "Helio DSP activates ID5 Graph audiences on connected TV",
    description:
      "Advertisers buying through Helio can now reach the same households on CTV that they reach on the web and in apps.",
    category: "partnerships",
    author: "ID5 Newsroom",
    cover: ["graph", "Nodes linked across a gradient from blue to navy"],
    body: [
      ps(
        "Helio DSP has integrated the ID5 Graph's household links, allowing advertisers to extend web and app audiences to connected-TV inventory and to cap frequency across all three.",
        "Early campaigns run by retail and automotive brands reduced wasted impressions on CTV, where the same household is often reached through several devices and apps.",
        "The integration uses pseudonymous household IDs only, and all links respect the opt-outs of the underlying devices. [Learn more about solutions for DSPs](/solutions#tabs-demand-side-platforms).",
      ),
    ],
  },
  {
    slug: "five-identity-predictions-for-2026",
    date: "2026-01-20",
    title: "Five identity predictions for 2026",
    description:
      "Consolidation, CTV measurement, clean rooms growing up and more: what we expect to shape identity this year.",
    category: "industry",
    author: "Hugo Marchetti",
    cover: ["waves", "Wave lines rising across a blue and mint gradient"],
    body: [
      p(
        "Predictions are easy to make and hard to get right. Here are ours, so you can hold us to them.",
      ),
      ul([
        "**Consolidation among ID providers.** Buyers do not want to integrate twenty identifiers; a few interoperable ones will carry most of the market.",
        "**CTV measurement goes cross-screen.** Advertisers will expect the same reach and frequency reporting on TV as on the web.",
        "**Clean rooms become plumbing.** The interesting question will be what runs inside them, not who sells them.",
        "**Privacy enforcement goes technical.** Regulators will test whether opt-out signals actually stop data flows.",
        "**First-party data gets shared more carefully, not less.** Publishers will package audiences with stronger controls and clearer pricing.",
      ]),
      p(
        "We will look back at this list in December. Meanwhile, our [State of Identity 2026 report](/resources/state-of-identity-2026) has the data behind these views.",
      ),
    ],
  },
  {
    slug: "release-4-3-consent-aware-signal-handling",
    date: "2026-02-17",
    title: "Release 4.3: consent-aware signal handling",
    description:
      "Each signal behind an ID5 ID is now evaluated against the user's consent on its own, making IDs more accurate where consent is partial.",
    category: "product",
    author: "Sofia Lindqvist",
    cover: ["grid", "Grid of dots with one highlighted square"],
    body: [
      ps(
        "Until now, the ID5 ID treated consent as all or nothing for a request. Release 4.3 evaluates each signal — hashed email, first-party cookie, device ID, IP address — against the consent string separately.",
        "Where a user has allowed some purposes but not others, we use exactly the signals that are permitted and no more. The result is a more accurate ID in more situations, and a more precise application of the user's choices.",
        "Release 4.3 also trims the initial script by 18% and fixes a double refresh on single-page applications. See the [release notes](/universal-id/release-notes) for everything that changed.",
      ),
    ],
  },
  {
    slug: "state-of-identity-2026-report-published",
    date: "2026-03-10",
    title: "The State of Identity 2026 report is out",
    description:
      "Our annual report measures addressability across browsers, apps and CTV in 20 markets, based on ID5 network data and a survey of 400 industry professionals.",
    category: "company",
    author: "ID5 Newsroom",
    cover: ["rings", "Bright rings on a navy background"],
    body: [
      ps(
        "Today we publish the **State of Identity 2026**, our annual look at how addressable the open internet really is.",
        "Among the findings: the gap between addressable and anonymous inventory has narrowed for the first time, driven by media owners sharing consented first-party signals; CTV remains the least consistently identified channel; and a large majority of buyers now bid on at least one alternative identifier.",
        "The report combines aggregated, anonymous statistics from the ID5 network with a survey of publishers, platforms and agencies in Europe, the Americas and Asia-Pacific.",
        "[Download the report](/resources/state-of-identity-2026).",
      ),
    ],
  },
  {
    slug: "meridian-streaming-brings-id5-id-to-ctv-apps",
    date: "2026-05-12",
    title: "Meridian Streaming brings the ID5 ID to its connected-TV apps",
    description:
      "The streaming service has integrated the ID5 ID in its apps on major smart-TV platforms, opening its inventory to cross-screen buyers.",
    category: "partnerships",
    author: "ID5 Newsroom",
    cover: ["blocks", "Rounded screens in mint and blue on a navy gradient"],
    body: [
      ps(
        "Meridian Streaming has integrated the ID5 ID in its apps on the leading smart-TV and streaming-device platforms.",
        "Every CTV platform has its own device identifier, and few buyers can use all of them. By generating an ID5 ID server-side for each session, Meridian gives buyers one identifier that also connects to their web and app campaigns through the ID5 Graph.",
        "The integration uses our server-to-server API, which keeps the viewing experience untouched and respects the privacy settings of each device.",
      ),
    ],
  },
  {
    slug: "id5-graph-adds-household-confidence-scores",
    date: "2026-09-08",
    title: "The ID5 Graph adds household confidence scores",
    description:
      "Release 4.4 returns a confidence score with every household link, helping CTV buyers decide how far to extend an audience.",
    category: "product",
    author: "Sofia Lindqvist",
    cover: ["graph", "Clusters of nodes grouped into households"],
    body: [
      ps(
        "Household links are the bridge between personal devices and the TV in the living room. With release 4.4, each link in the ID5 Graph comes with a confidence score.",
        "Buyers can now decide how aggressively to extend an audience to the household level: strict for frequency capping, broader for reach campaigns. Scores are calibrated against holdout data in each market and reported in the console.",
        "The release also adds support for privacy signals from five more US states. See the [release notes](/universal-id/release-notes).",
      ),
    ],
  },
  {
    slug: "partner-roundup-q4-2026",
    date: "2026-10-20",
    title: "Partner roundup: Q4 2026",
    description:
      "Draft — a roundup of new integrations announced this quarter. Not for publication yet.",
    category: "partnerships",
    author: "ID5 Newsroom",
    cover: ["waves", "Placeholder cover with waves"],
    status: "Draft",
    body: [
      p("Draft. Waiting for partner approvals before publication."),
      ul(["Partner A — to confirm", "Partner B — to confirm"]),
    ],
  },
  {
    // Scheduled: Published, but not live before its publish_at (docs/content-model.md).
    slug: "id5-opens-office-in-sao-paulo",
    date: "2030-03-04",
    publishAt: "2030-03-04T09:00:00-03:00",
    title: "ID5 opens an office in São Paulo",
    description:
      "A regional team in São Paulo will support publishers and platforms across Latin America.",
    category: "company",
    author: "ID5 Newsroom",
    cover: ["blocks", "Blocks in mint and blue arranged like a skyline at dawn"],
    body: [
      ps(
        "ID5 is opening an office in São Paulo, its first in Latin America.",
        "The team will work with publishers, SSPs and DSPs in the region, in their time zone and languages, and help media owners adopt the ID5 ID in web, app and connected-TV inventory.",
        "The office opens with account management, solutions engineering and partnerships, and will grow through the year.",
      ),
    ],
  },
];

export const news: EntrySpec[] = ARTICLES.map(article);

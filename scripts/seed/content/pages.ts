/** Entries of the `page` template: one per fixed route. */
import {
  columns,
  companies,
  cta,
  embeddedVideo,
  graph,
  h2,
  h3,
  media,
  ol,
  p,
  ps,
  stats,
  testimonials,
  ul,
  uploadedVideo,
} from "../dsl";
import type { EntrySpec } from "../entries";
import { page } from "./helpers";
import { images, logos, people, videos } from "./library";

const home = page({
  path: "/",
  title: "The identity layer for an open, addressable internet",
  description:
    "ID5 gives media owners, platforms, brands and agencies a privacy-first way to recognise audiences without third-party cookies.",
  hero: {
    title: "The identity layer for an <em>open</em>, addressable internet",
    description:
      "ID5 helps media owners, platforms and advertisers recognise audiences across the open web, apps and connected TV — without third-party cookies and without giving up control of their data.",
    theme: "blue-dark",
    cta: ["Explore solutions", "/solutions"],
  },
  content: [
    h2("Addressability that respects people"),
    p(
      "Most of the open internet is now anonymous by default. Browsers block third-party cookies, mobile platforms restrict device identifiers and every connected-TV platform speaks its own dialect. The **ID5 ID** restores a consistent, consent-aware way to recognise a user across these environments, so publishers can monetise their audiences and advertisers can plan, buy and measure with confidence.",
    ),
    p(
      "We are a neutral identity provider. We do not buy or sell media, and we never sell the data our partners entrust to us. Our job is to make identity infrastructure dependable for everyone who relies on it. [See how the technology works](/technology).",
    ),
    stats([
      { title: "Media owners and apps integrated", value: "150,000+", progress: 86 },
      { title: "Countries with live traffic", value: "80+", progress: 72 },
      { title: "Platforms reading the ID5 ID in the bid stream", value: "200+" },
    ]),
    h2("Trusted across the ecosystem"),
    p(
      "From national news brands to streaming apps and demand-side platforms, partners use the ID5 ID to replace fragile, vendor-specific identifiers with one shared signal.",
    ),
    companies("Partners building on ID5", [
      {
        logo: logos.northwind,
        description:
          "A European publishing group running the ID5 ID across 40 news and lifestyle titles.",
      },
      {
        logo: logos.brightwave,
        description: "A global supply-side platform that passes the ID5 ID in every bid request.",
      },
      {
        logo: logos.lumen,
        description: "A data platform that resolves first-party audiences through the ID5 Graph.",
      },
      {
        logo: logos.helio,
        description: "A demand-side platform bidding on ID5-enriched inventory in display and CTV.",
      },
      {
        logo: logos.cobalt,
        description:
          "An independent media agency planning cookieless campaigns for retail and travel brands.",
      },
      {
        logo: logos.meridian,
        description:
          "A streaming service bringing addressable advertising to its connected-TV apps.",
      },
    ]),
    h2("What our partners say"),
    testimonials([
      {
        quote:
          "Within a quarter of switching on the ID5 ID, more than half of our previously anonymous Safari traffic became addressable again, and our buyers noticed before our dashboards did.",
        author: {
          name: "Amara Osei",
          title: "Chief Revenue Officer, Northwind Media",
          logo: logos.northwind,
          avatar: people.amara,
        },
      },
      {
        quote:
          "We needed an identifier that every DSP already understood. ID5 gave us that on day one, with consent signals we can actually audit.",
        author: {
          name: "Lukas Brandt",
          title: "VP Product, Brightwave Exchange",
          logo: logos.brightwave,
        },
      },
      {
        quote:
          "The graph turned a pile of hashed emails into audiences we could activate across screens, without shipping raw data to anyone.",
        author: { name: "Priya Raman", title: "Head of Data Partnerships, Lumen Data" },
      },
    ]),
    h2("From signal to graph"),
    p(
      "Every ID5 ID starts from the signals a partner is allowed to share — a hashed email, a first-party cookie, a mobile or CTV device ID, the page context — and is resolved through the **ID5 Graph**, which links those signals into a stable, pseudonymous identifier. Consent and privacy choices travel with the ID at every step.",
    ),
    graph([images.graphResolution, images.graphSignals, images.graphConsent]),
    p(
      "Whether you run a single website or a global platform, we will help you plan the integration that fits. Read the latest from the team in our [news section](/news) or get in touch.",
    ),
    cta("Talk to our team", "/contact"),
  ],
});

const newHome = page({
  path: "/new/home",
  title: "A new home for identity",
  description: "A preview of the next version of the ID5 homepage.",
  noIndex: true,
  hero: {
    title: "One ID.<br>Every screen.",
    description:
      "A preview of our next homepage: the same identity infrastructure, told in fewer words.",
    theme: "mint",
    cta: ["See the technology", "/technology"],
  },
  content: [
    media(videos.identityLoop, "Animated gradient loop in the ID5 palette", "Identity, in motion."),
    h2("Less guesswork, more reach"),
    ps(
      "Advertisers lose reach every time an identifier disappears. Publishers lose revenue every time a buyer cannot recognise their audience. The ID5 ID closes that gap with a single, privacy-compliant identifier that works on the web, in apps and on connected TV.",
      "This page is a work in progress. The current homepage lives at [the usual address](/).",
    ),
    cta("Read the latest news", "/news"),
  ],
});

const about = page({
  path: "/about",
  title: "About",
  description:
    "Why ID5 exists, who leads the company and the values that shape how we build identity technology.",
  hero: {
    title: "We build identity infrastructure the <strong>whole industry</strong> can rely on",
    description:
      "ID5 was founded to keep the open internet economically viable once the old tracking tools were gone.",
    theme: "blue-light",
    cta: ["See open roles", "/jobs"],
  },
  content: [
    h2("Why ID5"),
    ps(
      "Digital advertising pays for much of the journalism, entertainment and utility people enjoy online for free. For two decades it relied on third-party cookies and device identifiers that users never really understood and regulators came to distrust. As those tools disappear, the open web risks losing the revenue that keeps it open — while a handful of walled gardens, which have their own logged-in identity, keep theirs.",
      "We started ID5 to offer a better foundation: an identifier that is **shared** across the industry rather than owned by a single buyer or seller, **transparent** about where it comes from, and **respectful** of the choices people make about their privacy. Today the ID5 ID is read by hundreds of platforms and integrated by media owners in more than 80 countries.",
      "Our acquisition of [TrueData](/id5-acquires-truedata) in 2024 added mobile and connected-TV signals to the ID5 Graph, making the ID more accurate in environments where the web alone cannot see.",
    ),
    embeddedVideo("https://www.youtube.com/watch?v=q7Xa2Vd5LkE", images.videoThumbnail),
    h2("Leadership"),
    p(
      "ID5 is run by a team that has built ad servers, exchanges, data platforms and privacy programmes — and has seen from the inside what happens when identity is treated as an afterthought.",
    ),
    columns(
      [
        h3("Hugo Marchetti — Chief Executive Officer"),
        p(
          "Hugo spent fifteen years building programmatic businesses on both sides of the market before co-founding ID5. He sets the company's strategy and still reviews every new partnership agreement himself.",
        ),
        h3("Sofia Lindqvist — Chief Technology Officer"),
        p(
          "Sofia leads engineering and data science. Before ID5 she ran the bidding infrastructure of a large exchange, processing millions of requests per second.",
        ),
      ],
      [
        h3("Daniel Okafor — Chief Operating Officer"),
        p(
          "Daniel oversees operations, finance and our growing presence in the Americas and Asia-Pacific, including the integration of the TrueData team.",
        ),
        h3("Priya Raman — Chief Privacy Officer"),
        p(
          "Priya runs our privacy and compliance programme, represents ID5 in industry working groups and is the person regulators and partners call first.",
        ),
      ],
    ),
    h2("Values"),
    ul([
      "**Neutral by design.** We do not buy or sell media, so we can serve every side of the market fairly.",
      "**Privacy is a product requirement.** If a feature cannot be built with consent and transparency, we do not build it.",
      "**Open over closed.** We publish our integration specs and contribute to open-source projects such as Prebid.",
      "**Earn trust in the details.** Documentation, uptime and a straight answer to a hard question matter as much as the headline features.",
      "**One team, many time zones.** We work asynchronously, write things down and make room for every voice.",
    ]),
    graph([images.officeLondon, images.officeNewYork]),
    p(
      "We are headquartered in London, with teams in New York, Paris, Berlin and Singapore. Want to join them? [See our open positions](/jobs).",
    ),
  ],
});

const technology = page({
  path: "/technology",
  title: "Technology",
  description:
    "How the ID5 ID is created, resolved through the ID5 Graph and passed through the advertising supply chain with privacy signals attached.",
  hero: {
    title: "Identity that works where cookies <em>don't</em>",
    description:
      "Two building blocks power everything we do: a universal identifier and the graph that keeps it accurate.",
    theme: "blue-dark",
    cta: ["Read the release notes", "/universal-id/release-notes"],
    image: images.technologyHero,
  },
  content: [
    h2("ID5 ID"),
    ps(
      "The **ID5 ID** is a pseudonymous, encrypted identifier that a media owner generates for each visitor, app user or viewer. It is built from the signals the media owner is permitted to use — such as a hashed email address, a first-party cookie, a device or CTV identifier and the IP address — and is re-encrypted for each partner, so that no two platforms receive the same raw value and nobody can sync IDs without ID5.",
      "Because the ID is created by the media owner and read by buyers through standard integrations, it works in every major browser, in mobile apps and on connected TV. It travels in the bid request using the OpenRTB extended-ID fields, together with the user's privacy choices.",
    ),
    ul([
      "**Deterministic and probabilistic signals**, each with a confidence score, so buyers know what they are bidding on.",
      "**Consent-aware by default**: the ID is only created and shared when the applicable legal basis and the IAB frameworks allow it.",
      "**Encrypted per partner** to prevent uncontrolled syncing and data leakage.",
      "**Lightweight integrations** through Prebid.js, Prebid Server, mobile SDKs and a server-to-server API.",
    ]),
    uploadedVideo(videos.identityLoop),
    h2("ID5 Graph"),
    ps(
      "The **ID5 Graph** connects the signals we observe across our network into households and individuals, with a probability attached to every link. It is what lets an ID generated from a hashed email on a news site match the ID generated from a device identifier in a streaming app.",
      "Since 2024 the graph also draws on the mobile location and device data of TrueData, which joined ID5. Graph updates are processed continuously, links are scored against holdout truth sets, and every link respects the opt-outs and regional rules that apply to the underlying signals.",
    ),
    graph([
      images.graphResolution,
      images.graphSignals,
      images.graphConsent,
      images.graphActivation,
    ]),
    p(
      "Curious about the details? Our [developer documentation](https://wiki.id5.io/) covers every integration option, and the [publisher onboarding guide](/publisher-onboarding-guide) walks through the first week step by step.",
    ),
    cta("See solutions by role", "/solutions"),
  ],
});

const tab = (label: string, anchor: string, ...texts: string[]) => ({
  label,
  anchor,
  body: ps(...texts),
});

const solutions = page({
  path: "/solutions",
  title: "Solutions",
  description:
    "How media owners, SSPs, data platforms, DSPs, brands and agencies use the ID5 ID and the ID5 Graph.",
  hero: {
    title: "One identifier, <strong>five</strong> ways to use it",
    description:
      "Whatever your role in the supply chain, the ID5 ID gives you a shared language for addressable advertising.",
    theme: "mint",
    cta: ["Register as a media owner", "/universal-id/media-owners"],
  },
  tabs: [
    tab(
      "Media owners",
      "media-owners",
      "Publishers, app developers and streaming services use the ID5 ID to make their audiences recognisable to buyers again — including on browsers and devices where third-party identifiers no longer work.",
      "The integration takes minutes with our Prebid.js module or mobile SDKs, and the ID is free for media owners. You stay in control: you decide which signals to share, and the consent choices of your users are respected at every step.",
      "Partners typically see higher bid density and CPMs on traffic that used to be anonymous. [Start with the onboarding guide](/publisher-onboarding-guide) or [register here](/universal-id/media-owners).",
    ),
    tab(
      "Supply-side platforms",
      "supply-side-platforms",
      "SSPs pass the ID5 ID to their demand partners in the standard extended-ID fields of OpenRTB. Because every ID is encrypted for its recipient, you can share it with confidence that it will not be cookie-synced behind your back.",
      "Reading the ID also lets you build better floor prices and deal packages, and enrich inventory that would otherwise be sold as untargeted. [Find out how to connect](/universal-id/supply-side-platforms).",
    ),
    tab(
      "Data platforms",
      "data-platforms",
      "Customer data platforms, clean rooms and data marketplaces use the ID5 Graph to resolve first-party records — hashed emails, device IDs, CTV IDs — to the ID5 ID that buyers can activate.",
      "You keep your data: resolution happens on pseudonymous keys, and onboarding can run inside your own cloud. Match rates and link confidence are reported per source so you can see exactly what you get.",
      "[Connect your platform](/universal-id/data-platforms).",
    ),
    tab(
      "Demand-side platforms",
      "demand-side-platforms",
      "DSPs decrypt the ID5 ID in the bid stream to recognise users across publishers, devices and channels, enabling frequency capping, retargeting, audience targeting and attribution without third-party cookies.",
      "The ID comes with a confidence signal and the user's privacy choices, so your bidder can value each impression correctly. Integration is a single decryption library and a standard field in the bid request.",
    ),
    tab(
      "Brands and agencies",
      "brands-and-agencies",
      "Brands and agencies use the ID5 ID to plan reach, cap frequency and measure outcomes across the open internet, not only inside the walled gardens.",
      "Ask your DSP to bid on the ID5 ID, onboard your first-party audiences through a data platform connected to the ID5 Graph, and measure incrementality with a consistent identifier from exposure to conversion. Our team works directly with agency groups to set up tests — [get in touch](/contact).",
    ),
  ],
  content: [
    p(
      "The ID5 ID is a shared identifier: the value of the network grows with every media owner, platform and advertiser that uses it. Pick your role below to see what it means for you.",
    ),
    p(
      "Engineers can go straight to the technical details in our developer documentation, which covers Prebid.js, Prebid Server, mobile SDKs and the server-to-server API.",
    ),
    cta("Read the developer documentation", "https://wiki.id5.io/"),
  ],
});

const contact = page({
  path: "/contact",
  title: "Contact",
  description: "Talk to the ID5 team about partnerships, integrations, press or privacy questions.",
  hero: {
    title: "Let's talk",
    description:
      "Whether you are planning an integration, writing a story or asking about your data, a real person will answer.",
    theme: "orange",
  },
  form: "contact",
  content: [
    h2("Who to write to"),
    columns(
      [
        h3("Partnerships and sales"),
        p(
          "For media owners, platforms, brands and agencies interested in the ID5 ID or the ID5 Graph. Write to **partners@id5.io** and tell us a little about your business; we aim to reply within one working day.",
        ),
        h3("Technical support"),
        p(
          "Existing partners can reach our support engineers at **support@id5.io** or through the partner console.",
        ),
      ],
      [
        h3("Press and analysts"),
        p(
          "Journalists and analysts can contact **press@id5.io**. Our latest announcements are in the [news section](/news).",
        ),
        h3("Privacy"),
        p(
          "Questions about your personal data or your rights go to our privacy team at **privacy@id5.io**. You can also read our [privacy policy](/trust/privacy-policy).",
        ),
      ],
    ),
    h2("Offices"),
    ul([
      "**London** (headquarters) — 2 Finsbury Avenue, London EC2M 2PP, United Kingdom",
      "**New York** — 55 Water Street, New York, NY 10041, United States",
      "**Paris** — 24 rue du Sentier, 75002 Paris, France",
      "**Singapore** — 18 Cross Street, Singapore 048423",
    ]),
    cta("Register your site", "/universal-id/media-owners"),
  ],
});

const jobs = page({
  path: "/jobs",
  title: "Careers",
  description: "Open positions at ID5 in engineering, data science, partnerships and privacy.",
  hero: {
    title: "Help us keep the open internet <em>open</em>",
    description:
      "We are a distributed team of engineers, data scientists, privacy experts and partnership managers. Come and build with us.",
    theme: "blue-light",
  },
  content: [
    ps(
      "ID5 is a scale-up with the reach of a much larger company: our identifier is read billions of times a day by platforms around the world. That means interesting problems — low-latency systems, probabilistic graphs, privacy engineering — and the chance to shape how an entire industry works.",
    ),
    h2("How we work"),
    ul([
      "Remote-friendly, with hubs in London, New York, Paris and Singapore.",
      "Written-first culture: design documents, open decision logs and asynchronous reviews.",
      "A learning budget, two volunteering days a year and a week-long company offsite.",
      "Private health cover, parental leave above the legal minimum and equity for every employee.",
    ]),
    p(
      "The positions we are hiring for right now are listed below. Don't see a perfect match? Write to **talent@id5.io** — we read every message. To learn more about the people you would work with, [meet our leadership](/about#leadership).",
    ),
  ],
});

const trust = page({
  path: "/trust",
  title: "Trust",
  description:
    "Our privacy commitments, policies and agreements, and how to exercise your rights over data processed by ID5.",
  hero: {
    title: "Privacy is a design constraint, not an afterthought",
    description:
      "Everything we build starts from what people expect and what the law requires. Here is how we put that into practice.",
    theme: "blue-dark",
  },
  content: [
    p(
      "ID5 processes pseudonymous data on behalf of, and together with, the media owners and platforms that use our technology. We take that responsibility seriously, and we try to explain it in plain language.",
    ),
    h2("Our commitments"),
    ul([
      "We never receive plain-text email addresses, names or other directly identifying information.",
      "We create and share an ID only where a valid legal basis exists, and we honour the IAB Transparency and Consent Framework and the Global Privacy Platform.",
      "We never sell personal data and we never build advertising profiles of our own.",
      "We keep data for the shortest period that lets the service work, and we publish those periods.",
      "We are audited against ISO/IEC 27001 every year.",
    ]),
    h2("Policies and agreements"),
    ul([
      "[Privacy policy](/trust/privacy-policy) — how we process personal data as a company and on our website.",
      "[Platform privacy policy](/trust/platform-privacy-policy) — how the ID5 ID and the ID5 Graph process data.",
      "[Cookie policy](/trust/cookie-policy) and [cookie disclosure](/trust/cookie-disclosure) — the cookies and local storage we use.",
      "[ID5 ID Agreement](/legal/id5-id-agreement) — the terms partners accept when they integrate the ID.",
      "[Data processing addendum: opt-in](/legal/agreements/dpa/opt-in) and [opt-out](/legal/agreements/dpa/opt-out) versions.",
      "[Archive of previous policies](/trust/archive) and [of previous agreements](/legal/agreements/archive).",
      "[プラットフォームプライバシーポリシー（日本語）](/jp/platform-privacy-policy)",
    ]),
    h2("Your rights"),
    p(
      "You can opt out of the ID5 ID at any time, and you can ask us to access or delete the data associated with your browser or device. Residents of certain US states have additional rights, described in the section on [US state privacy rights](/trust/privacy-policy#us-state-privacy-rights).",
    ),
    cta("Contact our privacy team", "/contact"),
  ],
});

const resources = page({
  path: "/resources",
  title: "Resources",
  description: "Case studies, reports, guides and webinars about identity and addressability.",
  hero: {
    title: "Research, guides and case studies",
    description:
      "What we have learned from running identity infrastructure at scale — and what our partners have learned using it.",
    theme: "mint",
  },
  content: [
    p(
      "Start with our annual [State of Identity report](/resources/state-of-identity-2026), or browse the case studies, guides and recorded webinars below.",
    ),
  ],
});

const news = page({
  path: "/news",
  title: "News",
  description: "Announcements, product updates and industry commentary from ID5.",
  hero: {
    title: "News and announcements",
    description: "Product releases, partnerships and our take on where identity is heading.",
    theme: "blue-light",
  },
  content: [
    p(
      "Press enquiries: **press@id5.io**. For upcoming talks and meetups, see our [events](/events/addressability-summit-london-2026).",
    ),
  ],
});

const resourcesThanks = page({
  path: "/resources/thank-you",
  title: "Thank you",
  description: "Your download link is below.",
  noIndex: true,
  hero: {
    title: "Thanks for your interest",
    description:
      "Your download link is below. It expires 24 hours after you fill in the form, so save the file now.",
    theme: "mint",
  },
  content: [
    p(
      "The link is personal: please do not share it. If it has expired, go back to the resource and fill in the form again for a new one.",
    ),
    p(
      "Looking for more? You may like our [guide to consent and identity](/resources/guide-consent-and-identity).",
    ),
    cta("Back to resources", "/resources"),
  ],
});

const uidThanks = page({
  path: "/universal-id/thanks",
  title: "Thank you for signing up",
  description: "Your ID5 ID registration has been received.",
  noIndex: true,
  hero: {
    title: "Thank you for signing up",
    description: "Your registration has been received. Here is what happens next.",
    theme: "mint",
  },
  content: [
    ol([
      "Check your inbox: we send your partner number and console access within one working day.",
      "Review and accept the [ID5 ID Agreement](/legal/id5-id-agreement) in the console.",
      "Media owners follow the [publisher onboarding guide](/publisher-onboarding-guide) to go live; platforms, brands and agencies plan their integration with a dedicated contact.",
    ]),
    p("Questions in the meantime? Write to **partners@id5.io**."),
  ],
});

const uidThanksOmnicom = page({
  path: "/universal-id/thanks-omnicom",
  title: "Thank you — Omnicom partner registration",
  description: "Your registration through the Omnicom partnership has been received.",
  noIndex: true,
  hero: {
    title: "Thanks for registering through Omnicom",
    description:
      "Your details have been passed to the joint ID5 and Omnicom team, who will contact you about next steps.",
    theme: "mint",
  },
  content: [
    ps(
      "Media owners registering through this partnership get a dedicated onboarding contact and priority access to campaigns planned on the ID5 ID by participating agencies.",
      "In the meantime, you can read how other publishers got started in our [publisher case study](/resources/case-study-publisher-addressability).",
    ),
  ],
});

const uidThanksAdobe = page({
  path: "/universal-id/thanks-adobe",
  title: "Thank you — Adobe integration",
  description: "Your request to connect ID5 with Adobe has been received.",
  noIndex: true,
  hero: {
    title: "Thanks for connecting ID5 with Adobe",
    description: "Our integrations team will get back to you within two working days.",
    theme: "mint",
  },
  content: [
    p(
      "We will confirm which Adobe products you use and set up the connection on our side. You can already read more about the [Adobe Experience Cloud integration](/partner-sign-up/adobe-experience-cloud) and the [Adobe Advertising integration](/partner-sign-up/adobe-advertising).",
    ),
  ],
});

interface Release {
  version: string;
  date: string;
  changes: string[];
}

const RELEASES: Release[] = [
  {
    version: "4.4.0",
    date: "8 September 2026",
    changes: [
      "Household confidence scores are now returned alongside the ID for ID5 Graph partners.",
      "The Prebid.js module reads Global Privacy Platform strings for five additional US states.",
      "Server-to-server API: new `partnerUserId` field for publishers passing their own login IDs.",
    ],
  },
  {
    version: "4.3.0",
    date: "17 February 2026",
    changes: [
      "Consent-aware signal handling: each signal is now evaluated against the consent string independently.",
      "Lower latency on first page views thanks to a smaller initial script (down 18%).",
      "Fixed an issue where the ID could be refreshed twice on single-page applications.",
    ],
  },
  {
    version: "4.2.1",
    date: "2 December 2025",
    changes: [
      "Security update for the iOS SDK; all app partners should upgrade.",
      "Clarified error messages when a partner number is missing.",
    ],
  },
  {
    version: "4.2.0",
    date: "30 September 2025",
    changes: [
      "Rewritten Prebid.js module with storage fallbacks and faster cache reads.",
      "New console report: match rate by domain and by signal.",
    ],
  },
  {
    version: "4.1.0",
    date: "29 April 2025",
    changes: [
      "Introduced the ID5 Graph explorer for data platforms.",
      "Android SDK now supports Android 15 privacy sandbox APIs.",
    ],
  },
  {
    version: "4.0.0",
    date: "21 January 2025",
    changes: [
      "Real-time signal scoring: every ID carries a confidence value.",
      "Breaking: the legacy v2 endpoint is retired. See the migration notes in the developer documentation.",
    ],
  },
];

const releaseNotes = page({
  path: "/universal-id/release-notes",
  title: "ID5 ID release notes",
  description: "Version history of the ID5 ID: modules, SDKs and APIs.",
  hero: {
    title: "Release notes",
    description: "What changed in the ID5 ID, its modules, SDKs and APIs.",
    theme: "blue-dark",
  },
  content: [
    p(
      "We release on a regular schedule and keep every version backwards compatible within a major release. Upgrade notes are in the [developer documentation](https://wiki.id5.io/).",
    ),
    RELEASES.map((r) => [h2(`Version ${r.version} — ${r.date}`), ul(r.changes)]),
  ],
});

const acquisition = page({
  path: "/id5-acquires-truedata",
  title: "ID5 acquires TrueData",
  description:
    "ID5 has acquired TrueData, adding mobile and connected-TV data to the ID5 Graph and strengthening identity in the US market.",
  hero: {
    title: "ID5 acquires TrueData",
    description:
      "Combining the ID5 ID with TrueData's mobile and CTV intelligence to build the most accurate open identity graph.",
    theme: "orange",
    cta: ["Read the one-year update", "/news/truedata-one-year-on"],
  },
  content: [
    media(logos.truedata, "TrueData wordmark"),
    p(
      "**London and New York, 2024** — ID5, the identity technology provider for the open internet, today announced that it has acquired TrueData, a US company specialising in mobile identity and audience data.",
    ),
    ps(
      "TrueData brings a large, privacy-compliant panel of mobile device signals and deep expertise in the US data market. Combined with the ID5 ID, which is integrated by media owners around the world, it allows the ID5 Graph to link web, app and connected-TV environments with far greater accuracy.",
      "For media owners, this means more of their audience becomes addressable, especially in apps and on CTV. For buyers, it means a single identifier that reaches further without relying on third-party cookies or fragmented device IDs.",
      "TrueData's team joins ID5 and will continue to serve its existing customers. Over the coming months, TrueData signals will be progressively incorporated into the ID5 Graph, with all processing subject to ID5's privacy programme and the consent choices of users.",
    ),
    h2("What this means for partners"),
    ul([
      "No action is required from existing ID5 or TrueData partners.",
      "Contracts, integrations and points of contact remain unchanged during the transition.",
      "Graph improvements are released gradually and documented in our [release notes](/universal-id/release-notes).",
    ]),
    p("Media enquiries: **press@id5.io**. Partner questions: **partners@id5.io**."),
  ],
});

const adobeTest = page({
  path: "/test/adobe-advertising",
  title: "Test — Adobe Advertising integration",
  description: "Internal test page for the Adobe Advertising integration.",
  noIndex: true,
  hero: {
    title: "Adobe Advertising integration test",
    description: "This page is used to check the integration before releases.",
    theme: "blue-light",
  },
  content: [
    ps(
      "This page loads the same tags as a partner page and is used by our quality-assurance team to verify that the ID5 ID is created and passed to Adobe Advertising correctly. It is not indexed by search engines.",
      "Looking for the real thing? See [ID5 for Adobe Advertising](/partner-sign-up/adobe-advertising).",
    ),
  ],
});

const onboarding = page({
  path: "/publisher-onboarding-guide",
  title: "Publisher onboarding guide",
  description: "Go live with the ID5 ID in a week: registration, integration, consent and testing.",
  hero: {
    title: "Publisher onboarding guide",
    description: "From registration to your first addressable impressions, in six steps.",
    theme: "blue-light",
    cta: ["Register now", "/universal-id/media-owners"],
  },
  content: [
    p(
      "Most media owners go live within a week. This guide covers web integrations through Prebid.js; app and CTV partners will find the SDK instructions in the [developer documentation](https://wiki.id5.io/).",
    ),
    h2("The six steps"),
    ol([
      "**Register** as a media owner on our [sign-up page](/universal-id/media-owners). You receive a partner number and access to the console.",
      "**Accept the agreement.** Review the [ID5 ID Agreement](/legal/id5-id-agreement) and accept it in the console.",
      "**Update your privacy notice** to mention the ID5 ID, and make sure ID5 is listed in your consent management platform (our vendor ID is registered in the IAB Global Vendor List).",
      "**Add the ID5 module** to your Prebid.js build and configure it with your partner number.",
      "**Share first-party signals** such as hashed emails of logged-in users, if you have them and are allowed to. They make the ID far more accurate.",
      "**Test and go live.** Check the requests in your browser tools, then watch the match rate in the console.",
    ]),
    h2("Configuring Prebid.js"),
    p(
      "Add the `id5IdSystem` module to your build and declare the user ID in your Prebid configuration with your partner number and a storage name. The module takes care of consent, caching and refreshing the ID; you do not need to write any code to pass it to your bidders.",
    ),
    h2("Checking the result"),
    media(images.onboardingConsole),
    p(
      "Within a few hours of going live, the console shows the share of requests carrying an ID5 ID, per domain and per signal. If the numbers look lower than expected, our support team will review your set-up with you.",
    ),
    cta("Register as a media owner", "/universal-id/media-owners"),
  ],
});

const signContract = page({
  path: "/site-agreement/sign-contract",
  title: "Agreement signed",
  description: "Your site agreement with ID5 has been signed.",
  noIndex: true,
  hero: {
    title: "Your agreement is signed",
    description: "Thank you. A countersigned copy will be emailed to you shortly.",
    theme: "mint",
  },
  content: [
    p(
      "You can now finish your integration using the [publisher onboarding guide](/publisher-onboarding-guide). Keep the emailed copy for your records.",
    ),
  ],
});

const canceledSigning = page({
  path: "/site-agreement/canceled-signing",
  title: "Signing cancelled",
  description: "The signing of your site agreement was cancelled.",
  noIndex: true,
  hero: {
    title: "Signing cancelled",
    description: "No agreement has been signed and nothing has been shared.",
    theme: "orange",
  },
  content: [
    p(
      "If you cancelled by mistake, use the link in your invitation email to start again. If you have questions about the terms, [contact us](/contact) before signing.",
    ),
  ],
});

export const pages: EntrySpec[] = [
  home,
  newHome,
  jobs,
  about,
  contact,
  solutions,
  technology,
  trust,
  resources,
  news,
  resourcesThanks,
  uidThanks,
  uidThanksOmnicom,
  uidThanksAdobe,
  releaseNotes,
  acquisition,
  adobeTest,
  onboarding,
  signContract,
  canceledSigning,
];

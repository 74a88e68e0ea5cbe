/** Entries of the `universal-id-page` template (/universal-id/{slug}, /partner-sign-up/{slug}). */
import { type Block, cta, h2, ol, p, ps, ul } from "../dsl";
import type { EntrySpec } from "../entries";
import { type FormSlug, formRef } from "./forms";
import { type HeroSpec, hero, seo } from "./helpers";

interface UidSpec {
  slug: string;
  title: string;
  audience: string;
  description: string;
  hero: HeroSpec;
  body: Block[];
  /** the sign-up form shown below the body */
  form: FormSlug;
}

function uidPage(u: UidSpec): EntrySpec {
  return {
    template: "universal-id-page",
    values: {
      title: u.title,
      slug: u.slug,
      audience: u.audience,
      description: u.description,
      seo: seo(u.title, u.description),
      hero: hero(u.hero),
      form: formRef(u.form),
    },
    content: u.body,
  };
}

const afterSigningUp = ol([
  "Fill in the form below. It takes about two minutes.",
  "We email your partner number and console access within one working day.",
  "Accept the [ID5 ID Agreement](/legal/id5-id-agreement) and start integrating.",
]);

export const universalIdPages: EntrySpec[] = [
  uidPage({
    slug: "media-owners",
    title: "The ID5 ID for media owners",
    audience: "Publishers, app developers and streaming services",
    description:
      "Register for the ID5 ID, free for media owners: make your anonymous audience addressable again and raise the value of every impression.",
    hero: {
      title: "Make every impression <em>addressable</em>",
      description:
        "The ID5 ID is free for media owners. Sign up in two minutes and go live in a week.",
      theme: "blue-light",
    },
    body: [
      h2("Why media owners choose ID5"),
      ul([
        "**More revenue from anonymous traffic**: buyers bid more when they can recognise the user.",
        "**One integration, hundreds of buyers**: the ID5 ID is read by most major DSPs and SSPs.",
        "**Your data stays yours**: you choose which signals to share, and we never sell them.",
        "**Consent built in**: the ID follows the choices your users make in your consent platform.",
      ]),
      h2("What happens after you sign up"),
      afterSigningUp,
      p(
        "Want the full picture first? Read the [publisher onboarding guide](/publisher-onboarding-guide) or a [case study from a news publisher](/resources/case-study-publisher-addressability).",
      ),
    ],
    form: "universal-id-sign-up",
  }),
  uidPage({
    slug: "email-service-providers",
    title: "The ID5 ID for email service providers",
    audience: "Email service providers and newsletter platforms",
    description:
      "Help the publishers and brands on your platform turn consented newsletter audiences into addressable, privacy-safe IDs.",
    hero: {
      title: "Turn newsletters into <strong>addressable</strong> audiences",
      description:
        "Email service providers connect their customers' consented subscribers to the ID5 ID, without exposing a single address.",
      theme: "mint",
    },
    body: [
      ps(
        "Newsletter subscribers are among the most valuable, best-consented audiences a publisher or brand has. As an email service provider, you can help your customers use them for advertising safely.",
        "With the ID5 integration, your platform sends hashed, consented email signals to ID5 when a subscriber opens a newsletter or clicks through to a customer's site. The subscriber's ID5 ID becomes more accurate across the web, and your customers see better match rates with buyers.",
      ),
      h2("How it works"),
      ul([
        "Emails are normalised and hashed on your side; ID5 never receives them in plain text.",
        "Only subscribers who have agreed to advertising use are included.",
        "Your customers control the integration from your platform's settings.",
      ]),
      afterSigningUp,
    ],
    form: "universal-id-sign-up",
  }),
  uidPage({
    slug: "supply-side-platforms",
    title: "The ID5 ID for supply-side platforms",
    audience: "SSPs and exchanges",
    description:
      "Pass the ID5 ID to your demand partners and give buyers a consistent, encrypted identifier across your supply.",
    hero: {
      title: "A shared ID for <em>all</em> your supply",
      description:
        "Read the ID5 ID from publishers and pass it to every buyer, encrypted for each one.",
      theme: "blue-dark",
    },
    body: [
      ps(
        "Your buyers want a consistent identifier; your publishers want to be paid for their audiences. The ID5 ID serves both, and it is designed to be passed along the supply chain without leaking data.",
      ),
      h2("What you get"),
      ul([
        "Higher bid rates on inventory without third-party cookies.",
        "Per-partner encryption that prevents unauthorised cookie syncing.",
        "Consent and privacy strings that travel with the ID.",
        "A dedicated technical contact during integration.",
      ]),
      p(
        "Our [guide to passing identifiers in the bid stream](/resources/guide-passing-ids-in-the-bid-stream) covers the technical details.",
      ),
      afterSigningUp,
    ],
    form: "universal-id-sign-up",
  }),
  uidPage({
    slug: "data-platforms",
    title: "The ID5 Graph for data platforms",
    audience: "CDPs, clean rooms and data marketplaces",
    description:
      "Resolve first-party records to the ID5 ID through the ID5 Graph and make your customers' audiences activatable across the open internet.",
    hero: {
      title: "From first-party records to <strong>activatable</strong> audiences",
      description:
        "Connect your platform to the ID5 Graph and resolve hashed emails, device IDs and CTV IDs to the ID buyers use.",
      theme: "mint",
    },
    body: [
      ps(
        "Your customers collect first-party data with consent. The ID5 Graph lets them use it on the open web, in apps and on CTV, without sending their records to anyone else.",
      ),
      ul([
        "Resolution on pseudonymous keys only, inside your own cloud if you prefer.",
        "Match rates and confidence reported per source and per market.",
        "The [ID5 Graph explorer](/news/introducing-id5-graph-explorer) to test before you commit.",
      ]),
      afterSigningUp,
    ],
    form: "universal-id-sign-up",
  }),
  uidPage({
    slug: "adobe-experience-cloud",
    title: "ID5 for Adobe Experience Cloud",
    audience: "Adobe Experience Cloud customers",
    description:
      "Connect the ID5 ID to your Adobe Experience Cloud set-up and use your first-party audiences on the open internet.",
    hero: {
      title: "ID5 for <em>Adobe Experience Cloud</em>",
      description:
        "Bring the ID5 ID into the profiles and segments you already manage in Adobe Experience Cloud.",
      theme: "blue-light",
    },
    body: [
      ps(
        "Brands and publishers using Adobe Experience Cloud can add the ID5 ID to their customer profiles. Segments built in Adobe can then be activated with buyers that read the ID5 ID, and measured consistently across channels.",
        "The integration is configured with a tag extension on your website and a destination in your Adobe environment. No personal data leaves your control: the ID5 ID is generated from hashed and consented signals only.",
      ),
      h2("Getting started"),
      ol([
        "Sign up with the form below.",
        "Our integrations team confirms your Adobe products and environment.",
        "Install the ID5 extension and map the ID5 ID to your profiles.",
      ]),
      cta("Read the developer documentation", "https://wiki.id5.io/"),
    ],
    form: "partner-sign-up-adobe",
  }),
  uidPage({
    slug: "adobe-advertising",
    title: "ID5 for Adobe Advertising",
    audience: "Advertisers and agencies buying through Adobe Advertising",
    description:
      "Bid on the ID5 ID in Adobe Advertising to reach, cap and measure audiences where third-party cookies are unavailable.",
    hero: {
      title: "Reach more people with <strong>Adobe Advertising</strong> and ID5",
      description:
        "Use the ID5 ID in your Adobe Advertising campaigns to restore reach on cookieless inventory.",
      theme: "orange",
    },
    body: [
      ps(
        "Advertisers buying through Adobe Advertising can target, cap frequency and measure on the ID5 ID across the open web and CTV. It helps campaigns reach audiences on browsers and devices where cookie-based targeting no longer works.",
        "Sign up below to have ID5 targeting enabled for your account. Our team will work with your Adobe contact to set up a first test and agree success metrics.",
      ),
      afterSigningUp,
    ],
    form: "partner-sign-up-adobe",
  }),
  uidPage({
    slug: "brands-and-agencies",
    title: "The ID5 ID for brands and agencies",
    audience: "Advertisers, agencies and trading desks",
    description:
      "Plan, buy and measure on the ID5 ID: reach people on browsers, apps and connected TV where cookies no longer work, and keep frequency under control across channels.",
    hero: {
      title: "Reach people, not <em>cookies</em>",
      description:
        "Sign up to plan, activate and measure campaigns on the ID5 ID through the platforms you already buy with.",
      theme: "orange",
    },
    body: [
      ps(
        "A growing share of every campaign runs where third-party cookies never arrive: privacy-focused browsers, apps and connected TV. Buying on the ID5 ID restores the addressable reach you are missing there, without asking anyone to share personal data.",
      ),
      h2("What brands and agencies gain"),
      ul([
        "**Reach on cookieless inventory**: the ID5 ID is read by most major DSPs and SSPs, so existing line items can target it.",
        "**Frequency you can trust**: cap and measure across browsers, apps and screens on one identifier.",
        "**First-party data, activated safely**: resolve your hashed, consented customer records to the ID5 ID through the [ID5 Graph](/technology#id5-graph).",
        "**Privacy by design**: the ID follows each person's consent and opt-out choices wherever it travels.",
      ]),
      h2("What happens after you sign up"),
      ol([
        "Fill in the form below. It takes about two minutes.",
        "A partnerships manager confirms which buying and measurement platforms you use.",
        "Together we plan a first campaign on the ID5 ID and agree how to measure its success.",
      ]),
      p(
        "See how a retailer took its audiences to the open web in our [retail media case study](/resources/case-study-retail-media-network).",
      ),
    ],
    form: "universal-id-sign-up",
  }),
  uidPage({
    slug: "omnicom",
    title: "ID5 for Omnicom agencies",
    audience: "Omnicom agencies and the media owners they buy from",
    description:
      "Agencies in the Omnicom network plan and buy on the ID5 ID. Media owners can register here to make their audiences available to those campaigns.",
    hero: {
      title: "ID5 for <strong>Omnicom</strong> agencies",
      description:
        "Agencies across the Omnicom network plan, buy and measure on the ID5 ID. Register your inventory to be part of it.",
      theme: "blue-dark",
    },
    body: [
      ps(
        "Through our partnership with Omnicom, agency teams can plan audiences, buy and measure on the ID5 ID wherever third-party cookies are unavailable. The more media owners carry the ID, the more of their inventory those campaigns can reach.",
        "Planners and traders at Omnicom agencies do not need to register: the ID5 ID is available to them through the network's buying platforms. This page is for the media owners they buy from.",
      ),
      h2("Why media owners register"),
      ul([
        "**A dedicated onboarding contact** from the joint ID5 and Omnicom team.",
        "**Priority access** to campaigns that participating agencies plan on the ID5 ID.",
        "**No extra integration**: it is the same free ID5 ID used by hundreds of other platforms.",
      ]),
      h2("What happens after you register"),
      ol([
        "Fill in the form below. It takes about two minutes.",
        "The joint ID5 and Omnicom team reviews your registration and contacts you within two working days.",
        "Accept the [ID5 ID Agreement](/legal/id5-id-agreement), go live, and your inventory can be included in planned campaigns.",
      ]),
    ],
    form: "partner-sign-up-omnicom",
  }),
];

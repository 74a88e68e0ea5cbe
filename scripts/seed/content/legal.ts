/** Entries of the `legal-page` template: trust, legal and regional pages. */
import { type Block, h3, p, section, ul } from "../dsl";
import { type EntrySpec, slugForPath } from "../entries";
import { type LegalSpec, seo } from "./helpers";
import { jpPlatformPrivacyPolicy } from "./legal-ja";

export function legal(l: LegalSpec): EntrySpec {
  return {
    template: "legal-page",
    date: l.updated,
    values: {
      title: l.title,
      slug: slugForPath(l.path),
      path: l.path,
      seo: seo(l.title, l.summary),
      language: l.language ?? "en",
      updated_at: l.updated,
      summary: l.summary,
    },
    content: l.body,
  };
}

const ID5_ENTITY =
  'ID5 Technology Ltd, a company registered in England and Wales with its registered office at 2 Finsbury Avenue, London EC2M 2PP, United Kingdom ("ID5", "we", "us")';

const contactSection = section(
  "Contact us",
  "Questions about this document, or requests to exercise your rights, can be sent to **privacy@id5.io** or by post to: Data Protection Officer, ID5 Technology Ltd, 2 Finsbury Avenue, London EC2M 2PP, United Kingdom. Our representative in the European Union is ID5 Technology SAS, 24 rue du Sentier, 75002 Paris, France.",
  "You also have the right to complain to a data protection authority, in particular in the country where you live or work. In the United Kingdom this is the Information Commissioner's Office; in France, the CNIL.",
);

const privacyPolicy = legal({
  path: "/trust/privacy-policy",
  title: "Privacy policy",
  summary:
    "How ID5 collects and uses personal data about visitors to our website, our business contacts and people who apply to work with us.",
  updated: "2026-02-02",
  body: [
    section(
      "Who we are",
      `This policy is issued by ${ID5_ENTITY}, together with its affiliates in France, the United States and Singapore. ID5 is the controller of the personal data described in this policy.`,
      "This policy covers our corporate activities: our website, our events and marketing, our relationships with partners and suppliers, and recruitment. The processing carried out by the ID5 ID and the ID5 Graph on websites and apps operated by our partners is described separately in our [platform privacy policy](/trust/platform-privacy-policy).",
    ),
    section(
      "Personal data we collect",
      ul([
        "**Website visitors**: your IP address, browser and device information, pages visited and, if you accept them, analytics and advertising cookies (see our [cookie policy](/trust/cookie-policy)).",
        "**Business contacts**: your name, employer, job title, business email address and telephone number, and the content of our communications.",
        "**Form submissions**: the information you enter when you sign up as a partner, download a resource, register for an event or contact us.",
        "**Job applicants**: your CV, cover letter, interview notes and, where the law allows, the results of background checks.",
      ]),
      "We do not intentionally collect special categories of personal data. Please do not send us such data unless we specifically ask for it.",
    ),
    section(
      "How we use personal data and our legal bases",
      ul([
        "To operate and secure our website, on the basis of our legitimate interest in providing a reliable service.",
        "To respond to enquiries and manage our partner relationships, to perform a contract with you or to take steps at your request before entering into one.",
        "To send marketing communications to business contacts, on the basis of consent or our legitimate interest, with an easy way to unsubscribe in every message.",
        "To measure and improve our website, on the basis of your consent to analytics cookies.",
        "To assess job applications, to take steps before entering into an employment contract.",
        "To comply with legal obligations, such as tax, accounting and responding to lawful requests from authorities.",
      ]),
    ),
    section(
      "Sharing personal data",
      "We share personal data with service providers who help us run our business — hosting, customer relationship management, email, event management and recruitment tools — under contracts that require them to protect it and use it only on our instructions.",
      "We may also share personal data with professional advisers, with authorities where the law requires it, and with a buyer or successor in the event of a merger or acquisition. We do not sell the personal data described in this policy.",
    ),
    section(
      "International transfers",
      "We are a global company and may transfer personal data to countries outside the United Kingdom and the European Economic Area, including the United States and Singapore. When we do, we rely on adequacy decisions or on the standard contractual clauses approved by the European Commission and the UK authorities, together with additional safeguards where appropriate.",
    ),
    section(
      "How long we keep personal data",
      "We keep personal data only as long as necessary for the purposes above: website logs for 13 months, business contact data for the duration of our relationship and three years afterwards, and unsuccessful job applications for 12 months unless you ask us to keep them longer.",
    ),
    section(
      "Your rights",
      "Depending on where you live, you may have the right to access your personal data, to have it corrected or erased, to restrict or object to its processing, to data portability and to withdraw consent at any time. To exercise these rights, write to **privacy@id5.io**. We will respond within one month and may ask you to confirm your identity.",
    ),
    section(
      "US state privacy rights",
      "If you are a resident of California, Colorado, Connecticut, Virginia, Utah, Texas, Oregon or another US state with a comprehensive privacy law, you have additional rights over your personal information.",
      ul([
        "**Right to know and access** the categories and specific pieces of personal information we have collected about you.",
        "**Right to delete** personal information we have collected from you, subject to legal exceptions.",
        "**Right to correct** inaccurate personal information.",
        "**Right to opt out** of the sale or sharing of personal information and of targeted advertising. We honour the Global Privacy Control signal as a valid opt-out request.",
        "**Right to non-discrimination** for exercising any of these rights.",
      ]),
      "In the past 12 months we have collected identifiers, commercial information, internet activity and professional information, for the purposes described in this policy. We do not sell personal information collected under this policy and do not knowingly process the personal information of consumers under 16.",
      "You or an authorised agent can submit a request by writing to **privacy@id5.io** or by using the privacy choices link in the footer of our website. If we decline your request, you may appeal by replying to our decision; we will answer your appeal within 60 days.",
    ),
    section(
      "Children",
      "Our website and services are intended for business audiences and are not directed at children. We do not knowingly collect personal data from children.",
    ),
    section(
      "Changes to this policy",
      "We update this policy when our practices or the law change. The date at the top shows the latest version; previous versions are listed in our [policy archive](/trust/archive).",
    ),
    contactSection,
  ],
});

const cookiePolicy = legal({
  path: "/trust/cookie-policy",
  title: "Cookie policy",
  summary:
    "How ID5 uses cookies and similar technologies on its own website, and how you can control them.",
  updated: "2026-02-02",
  body: [
    section(
      "What cookies are",
      "Cookies are small text files that a website stores in your browser. Similar technologies, such as local storage and pixels, work in comparable ways. In this policy we call them all cookies.",
    ),
    section(
      "Scope of this policy",
      "This policy covers the cookies used on the ID5 website. The cookies and storage used by the ID5 ID on the websites of our partners are described in our [cookie disclosure](/trust/cookie-disclosure) and our [platform privacy policy](/trust/platform-privacy-policy).",
    ),
    section(
      "The cookies we use",
      h3("Strictly necessary cookies"),
      p(
        "These cookies make the website work — for example, remembering your cookie choices and protecting forms against abuse. They cannot be switched off.",
      ),
      h3("Analytics cookies"),
      p(
        "With your consent, we use analytics cookies to understand how visitors use our website, which pages are popular and where people encounter errors. The data is aggregated and is not used to identify you.",
      ),
      h3("Advertising cookies"),
      p(
        "With your consent, our advertising partners may set cookies to measure the effectiveness of our campaigns and to show ID5 advertising on other websites. With the same consent we remember where your visit came from (the campaign link or the website that sent you), so that a form you send us tells us which campaign brought you.",
      ),
    ),
    section(
      "Managing your choices",
      "When you first visit our website, a banner lets you accept or refuse analytics and advertising cookies. You can change your mind at any time using the Cookie choices link in the footer. If your browser sends a Global Privacy Control signal, we treat it as a refusal of advertising cookies. You can also delete or block cookies in your browser settings, although some parts of the website may then not work as intended.",
    ),
    section(
      "How long cookies last",
      "Session cookies are deleted when you close your browser. Persistent cookies remain for a set period, which never exceeds 13 months for cookies that require consent.",
    ),
    section(
      "Changes",
      "We update this policy when the cookies we use change. Previous versions are listed in our [policy archive](/trust/archive).",
    ),
    contactSection,
  ],
});

const cookieDisclosure = legal({
  path: "/trust/cookie-disclosure",
  title: "Cookie disclosure",
  summary:
    "The cookies and local storage entries used by the ID5 ID on partner websites, with their purpose and lifetime.",
  updated: "2026-02-17",
  body: [
    section(
      "About this disclosure",
      "Media owners that integrate the ID5 ID must tell their users which cookies and storage it uses. This disclosure lists them, so that partners can reference it in their own cookie notices and consent platforms. It applies from release 4.3 of the ID5 ID.",
    ),
    section(
      "First-party storage on partner websites",
      "The ID5 module stores the following entries in the partner's own domain, using cookies or local storage as configured by the partner:",
      ul([
        "**id5_uid** — the encrypted ID5 ID for this partner. Lifetime: 90 days, refreshed on use.",
        "**id5_uid_exp** — when the stored ID must be refreshed. Lifetime: 90 days.",
        "**id5_signals** — a hash of the signals last used, so the ID is only refreshed when they change. Lifetime: 90 days.",
        "**id5_privacy** — the privacy and jurisdiction flags returned with the last ID. Lifetime: 30 days.",
      ]),
    ),
    section(
      "Cookies on the ID5 domain",
      "Where the user's consent and browser settings allow it, the ID5 ID service may read and write one cookie on its own domain:",
      ul([
        "**id5** — a random identifier used to recognise the same browser across partner websites. Lifetime: 90 days.",
        "**id5_optout** — records that the user has opted out of the ID5 ID. Lifetime: 5 years.",
      ]),
    ),
    section(
      "Mobile apps and connected TV",
      "In apps and on connected TV, the ID5 SDKs store the same information in the app's private storage. No data is shared between apps through storage on the device.",
    ),
    section(
      "Opting out",
      "You can opt out of the ID5 ID at any time through the opt-out page linked from our [platform privacy policy](/trust/platform-privacy-policy). The opt-out is recorded in the **id5_optout** cookie, so it applies only to the browser in which you set it.",
    ),
  ],
});

const platformPrivacyPolicy = legal({
  path: "/trust/platform-privacy-policy",
  title: "Platform privacy policy",
  summary:
    "How the ID5 ID and the ID5 Graph process pseudonymous data on the websites, apps and connected-TV services of our partners, and how to opt out.",
  updated: "2026-02-17",
  body: [
    section(
      "Introduction",
      `The ID5 platform is operated by ${ID5_ENTITY}. It creates a pseudonymous identifier — the ID5 ID — that helps media owners and advertising platforms recognise users for advertising purposes without third-party cookies. This policy explains what data the platform processes, why, and the choices you have.`,
      "If you are reading this because you saw ID5 mentioned in the privacy notice or consent banner of a website or app, this is the right document.",
    ),
    section(
      "Our role",
      "When a partner integrates the ID5 ID, ID5 and the partner are each responsible for the processing they carry out. ID5 acts as a controller of the data it uses to generate the ID5 ID and to maintain the ID5 Graph. Where a partner opts out of contributing data to the ID5 Graph, ID5 acts as that partner's processor for the data concerned.",
    ),
    section(
      "Data we process",
      ul([
        "Online identifiers: cookie IDs, mobile advertising IDs, connected-TV device IDs and the ID5 ID itself.",
        "Hashed email addresses or phone numbers, where a partner provides them with the user's consent. We never receive them in plain text.",
        "Technical data: IP address, user agent, device type, operating system and the address of the page or app.",
        "Privacy signals: consent strings, opt-out signals such as Global Privacy Control, and jurisdiction flags.",
        "Links between identifiers and their confidence scores, in the ID5 Graph.",
      ]),
      "We do not process names, postal addresses or special categories of data, and we do not use precise geolocation.",
    ),
    section(
      "Purposes and legal bases",
      "We process this data to generate and maintain the ID5 ID and the ID5 Graph, to share the ID with the partners of the website or app you are using, to prevent fraud and to secure our services. Partners then use the ID for advertising purposes such as selecting ads, limiting how often you see them and measuring their effect.",
      "In the European Economic Area and the United Kingdom we rely on your consent, collected by the partner through the IAB Transparency and Consent Framework. In other regions we rely on the legal bases that the applicable law allows, and always respect opt-out signals.",
    ),
    section(
      "Who receives the data",
      "Each partner receives the ID5 ID encrypted specifically for it, so partners cannot combine their IDs without ID5. We share IDs only with partners bound by our [ID5 ID Agreement](/legal/id5-id-agreement), and only as permitted by your privacy choices. We use service providers for hosting and infrastructure under strict contracts.",
    ),
    section(
      "Retention",
      "Raw request logs are deleted after 30 days. Identifiers and links in the ID5 Graph are deleted if they have not been seen for 90 days. Opt-out records are kept for five years.",
    ),
    section(
      "Opting out and your rights",
      "You can opt out of the ID5 ID at any time. Once you do, we stop generating an ID for your browser or device and stop sharing it with partners. You can also ask to access or delete the data associated with your identifiers by writing to **privacy@id5.io**; because the data is pseudonymous, we will need the identifier shown on our opt-out page to find it.",
      "Residents of US states with comprehensive privacy laws have additional rights, described in the [US state privacy rights](/trust/privacy-policy#us-state-privacy-rights) section of our privacy policy.",
    ),
    section(
      "Security",
      "The platform is certified against ISO/IEC 27001. Data is encrypted in transit and at rest, access is limited to staff who need it and all access is logged.",
    ),
    contactSection,
  ],
});

const trustArchive = legal({
  path: "/trust/archive",
  title: "Policy archive",
  summary:
    "Previous versions of ID5's privacy policy, platform privacy policy and cookie documents.",
  updated: "2026-02-17",
  body: [
    p(
      "We keep previous versions of our policies so that you can see what applied at a given time. Copies of any version listed here are available on request from **privacy@id5.io**.",
    ),
    section(
      "Privacy policy",
      ul([
        "Version of 14 March 2025 — in force until 1 February 2026.",
        "Version of 6 September 2023 — in force until 13 March 2025.",
        "Version of 25 May 2022 — in force until 5 September 2023.",
      ]),
    ),
    section(
      "Platform privacy policy",
      ul([
        "Version of 30 September 2025 — in force until 16 February 2026.",
        "Version of 21 January 2025 — in force until 29 September 2025.",
        "Version of 2 October 2023 — in force until 20 January 2025.",
      ]),
    ),
    section(
      "Cookie policy and cookie disclosure",
      ul([
        "Cookie policy, version of 14 March 2025 — in force until 1 February 2026.",
        "Cookie disclosure, version of 30 September 2025 — in force until 16 February 2026.",
      ]),
    ),
    p("The current versions are always available from our [trust centre](/trust)."),
  ],
});

const mxEula = legal({
  path: "/legal/MX-EULA",
  title: "ID5 MX SDK end user licence agreement",
  summary:
    "The licence terms for the ID5 MX software development kit used to integrate the ID5 ID in mobile and connected-TV applications.",
  updated: "2025-12-02",
  body: [
    p(
      `This end user licence agreement (the "Agreement") is between ${ID5_ENTITY} and the company or person that downloads, installs or uses the ID5 MX software development kit (the "Licensee"). By using the SDK, the Licensee accepts this Agreement.`,
    ),
    section(
      "1. Definitions",
      ul([
        '**"SDK"** means the ID5 MX software development kit for mobile and connected-TV applications, including its libraries, documentation and updates.',
        '**"Application"** means a mobile or connected-TV application developed or operated by the Licensee in which the SDK is integrated.',
        '**"ID5 Service"** means the ID5 ID service described in the [ID5 ID Agreement](/legal/id5-id-agreement).',
      ]),
    ),
    section(
      "2. Licence",
      "ID5 grants the Licensee a non-exclusive, non-transferable, royalty-free licence to integrate the SDK in its Applications and to distribute it as part of those Applications, solely to use the ID5 Service.",
    ),
    section(
      "3. Restrictions",
      "The Licensee shall not modify, decompile or reverse engineer the SDK except to the extent the law expressly permits; remove proprietary notices; use the SDK to build a competing product; or use it in an Application directed at children.",
    ),
    section(
      "4. Data and privacy",
      "The SDK collects the technical data and identifiers described in our [platform privacy policy](/trust/platform-privacy-policy). The Licensee is responsible for informing its users, for obtaining any consent the law requires through a compliant consent mechanism, and for passing the resulting privacy signals to the SDK.",
    ),
    section(
      "5. Updates and support",
      "ID5 may release updates to the SDK, including security fixes. The Licensee should install security updates promptly; ID5 may stop supporting versions older than 18 months.",
    ),
    section(
      "6. Ownership",
      "The SDK is licensed, not sold. ID5 and its licensors keep all intellectual property rights in the SDK. Open-source components are licensed under their own terms, listed in the SDK documentation.",
    ),
    section(
      "7. Warranties and liability",
      'The SDK is provided "as is". To the extent permitted by law, ID5 excludes all implied warranties. ID5\'s total liability under this Agreement is limited to one hundred pounds sterling (GBP 100). Nothing in this Agreement limits liability that cannot be limited by law.',
    ),
    section(
      "8. Termination",
      "This Agreement continues until terminated. Either party may terminate it at any time by notice; it ends automatically if the Licensee breaches it. On termination, the Licensee must remove the SDK from future releases of its Applications.",
    ),
    section(
      "9. Governing law",
      "This Agreement is governed by the laws of England and Wales, and the courts of London have exclusive jurisdiction.",
    ),
  ],
});

const agreementsArchive = legal({
  path: "/legal/agreements/archive",
  title: "Agreements archive",
  summary: "Previous versions of the ID5 ID Agreement and the data processing addenda.",
  updated: "2026-01-12",
  body: [
    p(
      "Partners who accepted an earlier version of an agreement remain bound by it until they accept a newer version in the partner console. Copies are available from **legal@id5.io**.",
    ),
    section(
      "ID5 ID Agreement",
      ul([
        "Version 5.0 of 12 January 2026 — [current version](/legal/id5-id-agreement).",
        "Version 4.2 of 3 March 2025 — superseded on 12 January 2026.",
        "Version 4.1 of 15 June 2023 — superseded on 3 March 2025.",
        "Version 4.0 of 1 February 2022 — superseded on 15 June 2023.",
      ]),
    ),
    section(
      "Data processing addenda",
      ul([
        "Opt-in and opt-out addenda of 12 January 2026 — current versions: [opt-in](/legal/agreements/dpa/opt-in), [opt-out](/legal/agreements/dpa/opt-out).",
        "Single data processing addendum of 3 March 2025 — superseded on 12 January 2026.",
        "Data processing addendum of 15 June 2023 — superseded on 3 March 2025.",
      ]),
    ),
  ],
});

function dpa(variant: "opt-in" | "opt-out"): EntrySpec {
  const optIn = variant === "opt-in";
  return legal({
    path: `/legal/agreements/dpa/${variant}`,
    title: `Data processing addendum (${optIn ? "opt-in" : "opt-out"})`,
    summary: optIn
      ? "The data protection terms that apply when a partner contributes data to the ID5 Graph (graph opt-in)."
      : "The data protection terms that apply when a partner does not contribute data to the ID5 Graph (graph opt-out).",
    updated: "2026-01-12",
    body: [
      p(
        `This data processing addendum (the "Addendum") forms part of the ID5 ID Agreement between ID5 and the Partner. It applies to Partners who have **${optIn ? "opted in to" : "opted out of"}** contributing data to the ID5 Graph in the partner console. The [${optIn ? "opt-out" : "opt-in"} version](/legal/agreements/dpa/${optIn ? "opt-out" : "opt-in"}) applies otherwise.`,
      ),
      section(
        "1. Definitions",
        'Terms such as "personal data", "controller", "processor", "processing" and "data subject" have the meanings given to them in the GDPR and the UK GDPR. "Data Protection Laws" means all laws on the processing of personal data that apply to the parties, including US state privacy laws.',
      ),
      section(
        "2. Roles of the parties",
        optIn
          ? "The Partner and ID5 are each independent controllers of the personal data they process in connection with the ID5 ID. ID5 may use data received from the Partner to generate the ID5 ID and to improve the ID5 Graph for all partners, within the purposes described in its platform privacy policy."
          : "The Partner is the controller and ID5 is the processor of the personal data received from the Partner's properties. ID5 processes that data only to generate and deliver the ID5 ID for the Partner and does not use it to improve the ID5 Graph for other partners.",
      ),
      section(
        "3. Details of the processing",
        ul([
          "**Data subjects**: users of the Partner's websites, apps and connected-TV services.",
          "**Categories of data**: online identifiers, hashed contact identifiers, technical data and privacy signals.",
          "**Purposes**: generating, refreshing and sharing the ID5 ID" +
            (optIn ? ", and maintaining the ID5 Graph." : " on behalf of the Partner."),
          "**Duration**: the term of the ID5 ID Agreement, plus the retention periods set out in the platform privacy policy.",
        ]),
      ),
      section(
        "4. Obligations of the Partner",
        "The Partner shall provide users with the information required by Data Protection Laws, obtain any consent required for the processing through a compliant consent mechanism, and pass the resulting consent and opt-out signals to the ID5 ID without alteration.",
      ),
      section(
        "5. Obligations of ID5",
        optIn
          ? "ID5 shall comply with Data Protection Laws as a controller, respect the privacy signals passed by the Partner, and cooperate with the Partner in responding to requests from data subjects and authorities."
          : "ID5 shall process the data only on the Partner's documented instructions, ensure that its staff are bound by confidentiality, assist the Partner with data subject requests and impact assessments, and delete the data at the end of the processing.",
      ),
      section(
        "6. Sub-processors",
        "ID5 uses the sub-processors listed in the partner console for hosting and infrastructure. ID5 will give at least 30 days' notice of any new sub-processor, during which the Partner may object on reasonable data protection grounds.",
      ),
      section(
        "7. International transfers",
        "Where personal data is transferred outside the United Kingdom or the European Economic Area to a country without an adequacy decision, the parties agree to the standard contractual clauses (module " +
          (optIn ? "one, controller to controller" : "two, controller to processor") +
          "), which are incorporated into this Addendum by reference.",
      ),
      section(
        "8. Security and breaches",
        "ID5 maintains the technical and organisational measures described in Annex 2, including encryption, access controls and ISO/IEC 27001 certification. ID5 will notify the Partner without undue delay, and in any case within 48 hours, after becoming aware of a personal data breach affecting the Partner's data.",
      ),
      section(
        "9. Term",
        "This Addendum lasts as long as the ID5 ID Agreement. A Partner may switch between the opt-in and opt-out versions at any time in the partner console; the change takes effect within seven days.",
      ),
    ],
  });
}

function idAgreementBody(): Block[] {
  return [
    section(
      "1. Acceptance",
      `This ID5 ID Agreement (the "Agreement") is between ${ID5_ENTITY} and the organisation that accepts it in the partner console (the "Partner"). It governs the Partner's use of the ID5 ID and related services.`,
    ),
    section(
      "2. The service",
      'ID5 provides the ID5 ID, a pseudonymous identifier generated from signals the Partner chooses to share, together with the scripts, SDKs, APIs and console needed to use it (the "Service"). ID5 may improve the Service over time and will give notice of material changes.',
    ),
    section(
      "3. Partner obligations",
      ul([
        "Disclose the use of the ID5 ID in the privacy notice of each property where it is used, with a link to the ID5 [platform privacy policy](/trust/platform-privacy-policy).",
        "Obtain any consent required by law, through a consent mechanism that supports the IAB frameworks where they apply, and pass privacy signals to the Service unaltered.",
        "Share hashed contact identifiers only where users have agreed to their use for advertising.",
        "Not use the Service on properties directed at children, or to infer sensitive characteristics of users.",
      ]),
    ),
    section(
      "4. ID5 obligations",
      "ID5 shall operate the Service with reasonable skill and care, maintain its ISO/IEC 27001 certification, respect the privacy signals passed by the Partner, and share the ID5 ID only with recipients bound by obligations at least as protective as these.",
    ),
    section(
      "5. Data protection",
      "The data protection terms in the [opt-in](/legal/agreements/dpa/opt-in) or [opt-out](/legal/agreements/dpa/opt-out) data processing addendum, as selected by the Partner, form part of this Agreement.",
    ),
    section(
      "6. Fees",
      "The Service is free of charge for media owners. Platforms and data partners pay the fees set out in their order form, if any.",
    ),
    section(
      "7. Intellectual property and confidentiality",
      "ID5 owns the Service and the ID5 Graph; the Partner owns its data. Each party shall keep the other's confidential information confidential and use it only for the purposes of this Agreement.",
    ),
    section(
      "8. Liability",
      "Neither party is liable for indirect or consequential loss, or for loss of profits, revenue or data. Each party's total liability in any year is limited to the greater of the fees paid in the previous twelve months and fifty thousand pounds sterling. These limits do not apply to liability that cannot be limited by law, or to breaches of confidentiality or of the data protection terms.",
    ),
    section(
      "9. Term and termination",
      "This Agreement starts on acceptance and continues until terminated by either party with 30 days' notice. Either party may terminate immediately if the other commits a material breach that is not remedied within 15 days of notice. On termination the Partner shall remove the ID5 integrations from its properties.",
    ),
    section(
      "10. General",
      "This Agreement is governed by the laws of England and Wales, and the courts of London have exclusive jurisdiction. Previous versions are available in the [agreements archive](/legal/agreements/archive).",
    ),
  ];
}

const idAgreement = legal({
  path: "/legal/id5-id-agreement",
  title: "ID5 ID Agreement",
  summary:
    "The terms that apply to media owners, platforms and data partners using the ID5 ID. Version 5.0.",
  updated: "2026-01-12",
  body: idAgreementBody(),
});

const idAgreementEmbedded = legal({
  path: "/legal/id5-id-agreement/current-embedded",
  title: "ID5 ID Agreement (current version)",
  summary:
    "The current ID5 ID Agreement, formatted for display inside the partner console and the signing flow. Version 5.0.",
  updated: "2026-01-12",
  body: [
    p(
      "Version 5.0, effective 12 January 2026. This is the text you accept in the partner console.",
    ),
    idAgreementBody(),
  ],
});

export const legalPages: EntrySpec[] = [
  trustArchive,
  cookiePolicy,
  privacyPolicy,
  cookieDisclosure,
  platformPrivacyPolicy,
  mxEula,
  agreementsArchive,
  dpa("opt-in"),
  dpa("opt-out"),
  idAgreement,
  idAgreementEmbedded,
  legal(jpPlatformPrivacyPolicy),
];

// Brand, navigation and link constants. Public: safe for the browser bundle.

export const BRAND = "ID5";
export const DEFAULT_TITLE = "ID5";
export const DEFAULT_DESCRIPTION =
  "ID5 builds identity infrastructure for digital advertising: a privacy-first universal ID and identity graph for media owners, platforms, brands and agencies.";

export const ACQUISITION_PATH = "/id5-acquires-truedata";
export const ACQUISITION_BANNER_TEXT = "ID5 acquires TrueData to extend identity for the open web";

export const LOGIN_URL = "https://console.id5.io/login";

/** The site's icon (public/; root.tsx links it): the logo that structured data names. */
export const SITE_ICON_PATH = "/favicon.svg";

/** The media route (app/routes.ts): our proxy of the CMS's files, `/media/{id}/{name}`. */
export const MEDIA_ROUTE_BASE = "/media";

export interface NavLink {
  label: string;
  href: string;
}

/** Header section links (the logo links to "/"). */
export const HEADER_LINKS: NavLink[] = [
  { label: "About", href: "/about" },
  { label: "Technology", href: "/technology" },
  { label: "Solutions", href: "/solutions" },
  { label: "Resources", href: "/resources" },
  { label: "News", href: "/news" },
  { label: "Contact", href: "/contact" },
];

export interface SocialLink extends NavLink {
  network: "linkedin" | "instagram" | "x";
}

/** Professional network, photo-sharing network, short-post network. */
export const SOCIAL_LINKS: SocialLink[] = [
  { network: "linkedin", label: "ID5 on LinkedIn", href: "https://www.linkedin.com/company/id5" },
  { network: "instagram", label: "ID5 on Instagram", href: "https://www.instagram.com/id5.io" },
  { network: "x", label: "ID5 on X", href: "https://x.com/id5io" },
];

/** The two external social links of the footer. */
export const FOOTER_SOCIAL_LINKS: SocialLink[] = SOCIAL_LINKS.filter(
  (l) => l.network !== "instagram",
);

export interface FooterColumn {
  title: string;
  /** `consentChoices`: reopens the consent banner (app/consent/) instead of navigating. */
  links: (NavLink & { external?: boolean; consentChoices?: boolean })[];
}

export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    title: "Main",
    links: HEADER_LINKS,
  },
  {
    title: "About",
    links: [
      { label: "Why ID5", href: "/about#why-id5" },
      { label: "Leadership", href: "/about#leadership" },
      { label: "Values", href: "/about#values" },
      { label: "Careers", href: "/jobs" },
    ],
  },
  {
    title: "Technology",
    links: [
      { label: "ID5 ID", href: "/technology#id5-id" },
      { label: "ID5 Graph", href: "/technology#id5-graph" },
    ],
  },
  {
    title: "Solutions",
    links: [
      { label: "Media owners", href: "/solutions#tabs-media-owners" },
      { label: "Supply-side platforms", href: "/solutions#tabs-supply-side-platforms" },
      { label: "Data platforms", href: "/solutions#tabs-data-platforms" },
      { label: "Demand-side platforms", href: "/solutions#tabs-demand-side-platforms" },
      { label: "Brands and agencies", href: "/solutions#tabs-brands-and-agencies" },
    ],
  },
  {
    title: "Privacy",
    links: [
      { label: "Privacy policy", href: "/trust/privacy-policy" },
      { label: "Cookie policy", href: "/trust/cookie-policy" },
      { label: "Platform privacy policy", href: "/trust/platform-privacy-policy" },
      {
        label: "Your US state privacy rights",
        href: "/trust/privacy-policy#us-state-privacy-rights",
      },
      { label: "Opt out", href: "https://id5-sync.com/privacy/opt-out", external: true },
      {
        label: "Your privacy choices",
        href: "https://id5-sync.com/privacy/choices",
        external: true,
      },
      { label: "Cookie choices", href: "#consent", consentChoices: true },
    ],
  },
];

/** Entries of the `job` template (listed on /jobs). */
import { h2, p, ul } from "../dsl";
import type { EntrySpec } from "../entries";

interface JobSpec {
  slug: string;
  title: string;
  department: string;
  location: string;
  type: "full-time" | "part-time" | "contract";
  description: string;
  role: string[];
  profile: string[];
}

function job(j: JobSpec): EntrySpec {
  return {
    template: "job",
    values: {
      title: j.title,
      slug: j.slug,
      department: j.department,
      location: j.location,
      employment_type: j.type,
      apply_url: `https://careers.id5.io/apply/${j.slug}`,
      description: j.description,
    },
    content: [
      p(j.description),
      h2("What you will do"),
      ul(j.role),
      h2("What we are looking for"),
      ul(j.profile),
    ],
  };
}

export const jobs: EntrySpec[] = [
  job({
    slug: "senior-backend-engineer-identity-services",
    title: "Senior Backend Engineer, Identity Services",
    department: "Engineering",
    location: "London or remote (UK)",
    type: "full-time",
    description:
      "Build and run the low-latency services that generate and share the ID5 ID billions of times a day.",
    role: [
      "Design, build and operate JVM services that answer in single-digit milliseconds.",
      "Improve the reliability and cost of a multi-region platform.",
      "Work with privacy and product to turn legal requirements into working code.",
    ],
    profile: [
      "Solid experience with Java or Kotlin in high-throughput production systems.",
      "Comfort with Kubernetes, observability and on-call in a supportive rotation.",
      "Curiosity about advertising technology; prior experience is a plus, not a requirement.",
    ],
  }),
  job({
    slug: "data-scientist-identity-graph",
    title: "Data Scientist, Identity Graph",
    department: "Data Science",
    location: "Paris or remote (EU)",
    type: "full-time",
    description:
      "Improve the accuracy of the ID5 Graph: model links between devices and households, and prove that they are right.",
    role: [
      "Develop probabilistic linking models on large, noisy datasets.",
      "Design evaluation methods using holdout and partner truth sets.",
      "Explain results clearly to engineers, partners and our privacy team.",
    ],
    profile: [
      "A strong background in statistics or machine learning, and experience with Spark or similar.",
      "Experience turning research into production pipelines.",
      "A habit of questioning your own results.",
    ],
  }),
  job({
    slug: "partnerships-director-north-america",
    title: "Partnerships Director, North America",
    department: "Partnerships",
    location: "New York",
    type: "full-time",
    description:
      "Grow our relationships with major publishers, platforms and agency groups across the United States and Canada.",
    role: [
      "Own a portfolio of strategic media owner and platform partners.",
      "Lead commercial negotiations and joint go-to-market plans.",
      "Bring partner feedback into our product roadmap.",
    ],
    profile: [
      "Eight or more years in ad tech partnerships, sales or business development.",
      "A network across publishers, SSPs and DSPs in North America.",
      "The ability to explain technical topics simply.",
    ],
  }),
  job({
    slug: "privacy-counsel",
    title: "Privacy Counsel",
    department: "Legal and Privacy",
    location: "London",
    type: "part-time",
    description:
      "Advise on data protection across Europe, the US and Asia-Pacific, four days a week, as part of our privacy team.",
    role: [
      "Advise product and engineering on new features and data flows.",
      "Draft and negotiate data processing agreements with partners.",
      "Track regulatory developments and keep our policies up to date.",
    ],
    profile: [
      "Qualified lawyer with several years of data protection practice.",
      "Knowledge of GDPR, the ePrivacy rules and US state privacy laws.",
      "Experience in advertising technology is highly valued.",
    ],
  }),
  job({
    slug: "solutions-engineer-apac",
    title: "Solutions Engineer, APAC",
    department: "Solutions Engineering",
    location: "Singapore",
    type: "full-time",
    description:
      "Help media owners and platforms across Asia-Pacific integrate the ID5 ID, from first call to go-live.",
    role: [
      "Lead technical discussions with partners before and after signature.",
      "Support web, app and CTV integrations and troubleshoot issues.",
      "Write integration guides and sample code for the region.",
    ],
    profile: [
      "Hands-on experience with JavaScript, mobile SDKs or server-side APIs.",
      "Familiarity with Prebid or programmatic advertising.",
      "Fluent English; Japanese, Korean or Bahasa is a plus.",
    ],
  }),
  job({
    slug: "frontend-engineer-contract",
    title: "Frontend Engineer (6-month contract)",
    department: "Engineering",
    location: "Remote (Europe)",
    type: "contract",
    description:
      "Help us rebuild the partner console with React and TypeScript on a six-month contract.",
    role: [
      "Build accessible, fast interfaces for reporting and configuration.",
      "Work closely with our designer and backend engineers.",
      "Leave the codebase better documented than you found it.",
    ],
    profile: [
      "Strong React and TypeScript experience.",
      "Attention to accessibility and performance.",
      "Availability to start within a month.",
    ],
  }),
];

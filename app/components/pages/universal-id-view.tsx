// The universal-id sign-up pages (and the partner screens that reuse them): a hero, light
// blue unless the CMS says otherwise, and the rich body.
import type { ReactNode } from "react";
import type { UniversalIdPageModel } from "~/content/models";
import { Hero } from "../hero/hero";
import { heroDescription, heroMarks, PageBody } from "./section-page-view";

export function UniversalIdView({
  page,
  children,
}: {
  page: UniversalIdPageModel;
  /** Sections after the body (the sign-up form). */
  children?: ReactNode;
}) {
  return (
    <>
      <Hero
        title={page.hero?.title ?? page.title}
        description={heroDescription(page.hero?.description) ?? page.description}
        theme={page.hero?.theme ?? "blue-light"}
        cta={page.hero?.cta}
        image={page.hero?.image}
        marks={heroMarks(page)}
      />
      <PageBody page={page} />
      {children}
    </>
  );
}

// A news category as readers see it, for what discovery writes (feed, share card, article
// section): the cards' own labels, the CMS value when a category has none.
import { CATEGORY_LABELS } from "~/components/pages/cards";

export function newsCategoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category;
}

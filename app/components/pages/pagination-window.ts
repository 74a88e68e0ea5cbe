// Which page numbers the news pagination shows: the first, the last and two either side of
// the current page, with a gap for each run left out. Listing every number made each list
// page carry a link to every other (1,112 links, 190 KB a page at 10,000 articles).

/** Numbers shown either side of the current page. */
export const PAGINATION_REACH = 2;

export type PaginationItem = number | "gap";

export function paginationItems(page: number, pageCount: number): PaginationItem[] {
  const shown = new Set([1, pageCount]);
  for (let n = page - PAGINATION_REACH; n <= page + PAGINATION_REACH; n++) {
    if (n >= 1 && n <= pageCount) shown.add(n);
  }
  const numbers = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  for (const [i, n] of numbers.entries()) {
    const before = numbers[i - 1];
    // A gap for a single number would take as much room as the number: show the number.
    if (before !== undefined && n - before === 2) items.push(before + 1);
    else if (before !== undefined && n - before > 2) items.push("gap");
    items.push(n);
  }
  return items;
}

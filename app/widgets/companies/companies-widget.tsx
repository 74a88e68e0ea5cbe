// Partner companies: an optional title, then one card per company with its logo and a rich
// description.

import { Picture } from "~/components/media/picture";
import type { NestedBlocksProps, WidgetProps } from "../types";
import "./companies.css";

export function CompaniesWidget({
  title,
  items,
  Blocks,
}: WidgetProps<"companies"> & NestedBlocksProps) {
  return (
    <div className="w-companies" data-widget="companies">
      {title ? <h2 className="w-companies__title">{title}</h2> : null}
      <ul className="w-companies__list">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
          <li key={index} className="w-companies__card">
            {item.logo ? (
              <div className="w-companies__logo">
                <Picture image={item.logo} sizes="200px" className="w-companies__logo-img" />
              </div>
            ) : null}
            <Blocks blocks={item.description} className="w-companies__text" />
          </li>
        ))}
      </ul>
    </div>
  );
}

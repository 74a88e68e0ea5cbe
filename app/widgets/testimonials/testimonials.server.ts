import { toImageModel } from "~/content/media.server";
import { isRec, readRecords, readString } from "~/content/read.server";
import { required, WIDGET_IMAGE_WIDTHS, type WidgetMapper } from "../mapping.server";
import type { TestimonialItem, TestimonialsModel } from "./model";

export const mapTestimonialsWidget: WidgetMapper<TestimonialsModel> = (value) => {
  const items: TestimonialItem[] = readRecords(value.items).map((item) => {
    const author = isRec(item.author) ? item.author : {};
    const logo = toImageModel(author.logo, { width: WIDGET_IMAGE_WIDTHS.logo });
    const avatar = toImageModel(author.avatar, { width: WIDGET_IMAGE_WIDTHS.avatar });
    const title = readString(author.title);
    return {
      quote: required(readString(item.quote), "quote"),
      author: {
        name: required(readString(author.name), "author name"),
        ...(title ? { title } : {}),
        ...(logo ? { logo } : {}),
        ...(avatar ? { avatar } : {}),
      },
    };
  });
  return { name: "testimonials", items };
};

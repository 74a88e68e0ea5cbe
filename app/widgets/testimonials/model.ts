import type { ImageModel } from "~/content/media-models";

export interface TestimonialItem {
  quote: string;
  author: { name: string; title?: string; logo?: ImageModel; avatar?: ImageModel };
}

export interface TestimonialsModel {
  name: "testimonials";
  items: TestimonialItem[];
}

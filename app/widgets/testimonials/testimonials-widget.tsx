// Customer quotes: each card has the quote, the author's name and title, and optionally the
// author's avatar and company logo.
import { Picture } from "~/components/media/picture";
import type { WidgetProps } from "../types";
import "./testimonials.css";

export function TestimonialsWidget({ items }: WidgetProps<"testimonials">) {
  return (
    <ul className="w-testimonials" data-widget="testimonials">
      {items.map(({ quote, author }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <li key={index}>
          <figure className="w-testimonials__card">
            <blockquote className="w-testimonials__quote">
              <p>{quote}</p>
            </blockquote>
            <figcaption className="w-testimonials__author">
              {author.avatar ? (
                <Picture image={author.avatar} sizes="56px" className="w-testimonials__avatar" />
              ) : null}
              <span className="w-testimonials__who">
                <span className="w-testimonials__name">{author.name}</span>
                {author.title ? (
                  <span className="w-testimonials__title">{author.title}</span>
                ) : null}
              </span>
              {author.logo ? (
                <Picture image={author.logo} sizes="120px" className="w-testimonials__logo" />
              ) : null}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

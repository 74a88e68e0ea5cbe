import { describe, expect, it } from "vitest";
import type { VideoFileModel } from "~/content/models";
import { renderMarkup } from "../../../tests/support/markup";
import { rasterImage } from "../../../tests/support/widgets";
import {
  playVideoLabel,
  VIDEO_IFRAME_ALLOW,
  VIDEO_UNSUPPORTED_TEXT,
  VideoEmbedView,
  VideoWidget,
} from "./video-widget";

const EMBED = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
const thumbnail = rasterImage("identity-explained-thumb", 1280, 720, "");
const file: VideoFileModel = {
  src: "/media/65f2c1a9e4c0/id5-platform-tour.mp4",
  mimetype: "video/mp4",
  width: 1920,
  height: 1080,
};

describe("VideoWidget with an uploaded file", () => {
  it("plays it with controls, metadata preload, size and the fallback text", () => {
    const html = renderMarkup(
      <VideoWidget video={file} title="Platform tour" thumbnail={thumbnail} />,
    );
    expect(VIDEO_UNSUPPORTED_TEXT).toBe("Your browser does not support the video tag.");
    expect(html).toContain('<div class="w-video" data-widget="video" data-kind="file"><video');
    expect(html).toMatch(/<video [^>]*\bcontrols=""/);
    expect(html).toContain('preload="metadata"');
    expect(html).toContain('width="1920" height="1080"');
    expect(html).toContain('playsInline=""');
    expect(html).toContain(`poster="${thumbnail.src}"`);
    expect(html).toContain('aria-label="Platform tour"');
    expect(html).toContain(
      `<source src="${file.src}" type="video/mp4"/>${VIDEO_UNSUPPORTED_TEXT}</video>`,
    );
    expect(html).not.toContain("<iframe");
  });

  it("adds caption tracks when the model has them", () => {
    const html = renderMarkup(
      <VideoWidget
        video={{
          ...file,
          captions: [{ src: "/media/x/tour.en.vtt", srclang: "en", label: "English" }],
        }}
      />,
    );
    expect(html).toContain(
      '<track kind="captions" src="/media/x/tour.en.vtt" srcLang="en" label="English" default=""/>',
    );
  });
});

describe("VideoWidget with an embedded video", () => {
  it("server-renders the thumbnail and a link to the embed URL, no iframe before a click", () => {
    const html = renderMarkup(
      <VideoWidget embedUrl={EMBED} thumbnail={thumbnail} title="Identity, explained" />,
    );
    expect(html).toContain('data-kind="embed"><div class="w-video__frame"><picture>');
    expect(html).toContain('class="media-img w-video__thumb"');
    expect(html).toContain(
      `<a class="w-video__play" href="${EMBED}" aria-label="Play video: Identity, explained" data-testid="video-play-link">`,
    );
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("autoplay");
  });

  it("names the play control with a default title when the model has none", () => {
    const html = renderMarkup(<VideoWidget embedUrl={EMBED} />);
    expect(html).toContain(`aria-label="${playVideoLabel("Video")}"`);
    expect(html).not.toContain("<picture");
  });

  it("renders nothing without a file or an embed URL", () => {
    expect(renderMarkup(<VideoWidget title="Nothing" />)).toBe("");
  });
});

describe("VideoEmbedView modes", () => {
  const props = { embedUrl: EMBED, title: "Identity, explained", thumbnail };

  it("button mode (hydrated): a real button with the play label and test id", () => {
    const html = renderMarkup(<VideoEmbedView {...props} mode="button" />);
    expect(html).toContain(
      '<button type="button" class="w-video__play" aria-label="Play video: Identity, explained" data-testid="video-play">',
    );
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("<a ");
  });

  it("playing mode: the iframe replaces the thumbnail and autoplays", () => {
    const html = renderMarkup(<VideoEmbedView {...props} mode="playing" />);
    expect(VIDEO_IFRAME_ALLOW).toBe("autoplay; encrypted-media; picture-in-picture");
    expect(html).toBe(
      `<iframe class="w-video__iframe" src="${EMBED}?autoplay=1" title="Identity, explained" allow="${VIDEO_IFRAME_ALLOW}" allowFullScreen="" referrerPolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  PRIVACY_EMBED_ORIGIN,
  parseStartTime,
  toPrivacyEmbedUrl,
  withAutoplay,
} from "./privacy-embed-url";

const ID = "dQw4w9WgXcQ";
const EMBED = `${PRIVACY_EMBED_ORIGIN}/embed/${ID}`;

describe("toPrivacyEmbedUrl", () => {
  it("uses the youtube-nocookie origin", () => {
    expect(PRIVACY_EMBED_ORIGIN).toBe("https://www.youtube-nocookie.com");
  });

  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=tracking123`,
    `https://www.youtube.com/embed/${ID}`,
    `https://youtube.com/embed/${ID}?rel=0`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `  https://www.youtube.com/watch?v=${ID}  `,
  ])("rewrites %s", (url) => {
    expect(toPrivacyEmbedUrl(url)).toBe(EMBED);
  });

  it.each([
    [`https://www.youtube.com/watch?v=${ID}&t=90`, 90],
    [`https://www.youtube.com/watch?v=${ID}&t=90s`, 90],
    [`https://youtu.be/${ID}?t=1m30s`, 90],
    [`https://m.youtube.com/watch?v=${ID}&t=1h2m3s`, 3723],
    [`https://www.youtube.com/embed/${ID}?start=42`, 42],
  ])("keeps the start time of %s", (url, seconds) => {
    expect(toPrivacyEmbedUrl(url)).toBe(`${EMBED}?start=${seconds}`);
  });

  it("drops an unreadable or zero start time", () => {
    expect(toPrivacyEmbedUrl(`https://youtu.be/${ID}?t=soon`)).toBe(EMBED);
    expect(toPrivacyEmbedUrl(`https://youtu.be/${ID}?t=0`)).toBe(EMBED);
  });

  it("returns other https URLs unchanged", () => {
    for (const url of [
      "https://player.vimeo.com/video/76979871",
      "https://www.youtube.com/@id5io",
      "https://www.youtube.com/watch?list=PL123",
      "https://fast.wistia.net/embed/iframe/abc?videoFoam=true",
    ]) {
      expect(toPrivacyEmbedUrl(url)).toBe(url);
    }
  });

  it("upgrades other http URLs to https (an http iframe is mixed content)", () => {
    expect(toPrivacyEmbedUrl("http://player.vimeo.com/video/1")).toBe(
      "https://player.vimeo.com/video/1",
    );
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>1</script>",
    "ftp://example.com/video.mp4",
    "/media/video.mp4",
    "youtube.com/watch?v=dQw4w9WgXcQ",
    "not a url",
    "",
    undefined,
    null,
  ])("gives undefined for non-http(s) input %s", (input) => {
    expect(toPrivacyEmbedUrl(input)).toBeUndefined();
  });

  it("rejects malformed video ids", () => {
    const url = "https://www.youtube.com/watch?v=<script>";
    expect(toPrivacyEmbedUrl(url)).toBe(url);
  });
});

describe("parseStartTime", () => {
  it("reads seconds and h/m/s forms", () => {
    expect(parseStartTime("75")).toBe(75);
    expect(parseStartTime("2m")).toBe(120);
    expect(parseStartTime("1h")).toBe(3600);
    expect(parseStartTime("x1")).toBeUndefined();
    expect(parseStartTime(null)).toBeUndefined();
  });
});

describe("withAutoplay", () => {
  it("adds autoplay=1, keeping existing parameters", () => {
    expect(withAutoplay(EMBED)).toBe(`${EMBED}?autoplay=1`);
    expect(withAutoplay(`${EMBED}?start=90`)).toBe(`${EMBED}?start=90&autoplay=1`);
    expect(withAutoplay(`${EMBED}?autoplay=0`)).toBe(`${EMBED}?autoplay=1`);
  });
});

import { describe, expect, it } from "vitest";
import { ACQUISITION_BANNER_TEXT, ACQUISITION_PATH } from "~/config/site";
import { byTag, linksOf, renderDom, renderMarkup } from "../../../tests/support/markup";
import {
  ANNOUNCEMENT_ALT_SCHEME_PATH,
  AnnouncementBanner,
  announcementScheme,
  isAnnouncementVisible,
} from "./announcement-banner";

describe("isAnnouncementVisible", () => {
  it("hides the banner on the acquisition page only", () => {
    expect(isAnnouncementVisible(ACQUISITION_PATH)).toBe(false);
    expect(isAnnouncementVisible(`${ACQUISITION_PATH}/`)).toBe(false);
    expect(isAnnouncementVisible("/")).toBe(true);
    expect(isAnnouncementVisible("/technology")).toBe(true);
    expect(isAnnouncementVisible(`${ACQUISITION_PATH}-more`)).toBe(true);
  });
});

describe("announcementScheme", () => {
  it("uses the alternative scheme on /technology", () => {
    expect(ANNOUNCEMENT_ALT_SCHEME_PATH).toBe("/technology");
    expect(announcementScheme("/technology")).toBe("alt");
    expect(announcementScheme("/technology/")).toBe("alt");
    expect(announcementScheme("/")).toBe("default");
    expect(announcementScheme("/technology-partners")).toBe("default");
  });
});

describe("AnnouncementBanner", () => {
  it("links to the acquisition page with the banner text", () => {
    const dom = renderDom(<AnnouncementBanner pathname="/" />);
    const banner = dom.one(byTag("aside"));
    expect(banner.attribs["data-scheme"]).toBe("default");
    const links = linksOf(banner);
    expect(links).toHaveLength(1);
    expect(links[0]?.href).toBe(ACQUISITION_PATH);
    expect(links[0]?.label).toContain(ACQUISITION_BANNER_TEXT);
    expect(links[0]?.target).toBeUndefined();
  });
  it("renders the alternative scheme on /technology", () => {
    const dom = renderDom(<AnnouncementBanner pathname="/technology" />, "/technology");
    expect(dom.one(byTag("aside")).attribs["data-scheme"]).toBe("alt");
  });
  it("renders nothing on the acquisition page", () => {
    expect(renderMarkup(<AnnouncementBanner pathname={ACQUISITION_PATH} />)).toBe("");
  });
});

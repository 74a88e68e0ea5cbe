import { describe, expect, it } from "vitest";
import { sanitizeSvg } from "./sanitize-svg.server";

describe("sanitizeSvg", () => {
  it("keeps shapes, gradients and same-document references", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g">' +
      '<stop offset="0" stop-color="#000131"/></linearGradient></defs>' +
      '<rect width="10" height="10" fill="url(#g)"/></svg>';
    expect(sanitizeSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g">' +
        '<stop offset="0" stop-color="#000131"></stop></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"></rect></svg>',
    );
  });

  it("drops scripts, handlers, foreignObject, external references and javascript: URLs", () => {
    const out = sanitizeSvg(
      '<svg onload="alert(1)"><script>alert(1)</script><foreignObject><img src=x onerror=alert(1) /></foreignObject>' +
        '<a href="javascript:alert(1)"><text>x</text></a><use href="https://evil.example/x.svg#a"/>' +
        '<rect style="fill:url(https://evil)" fill="url(https://evil.example/p)"/></svg>',
    );
    expect(out).toBe("<svg><use></use><rect></rect></svg>");
  });

  it("refuses markup without an svg root", () => {
    expect(sanitizeSvg("<div>no</div>")).toBeUndefined();
  });
});

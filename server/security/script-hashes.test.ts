import { describe, expect, it } from "vitest";
import {
  afterFirstPaintScript,
  holdScriptsUntilFirstPaint,
} from "../../app/document/first-paint.server";
import {
  APP_SCRIPTS_MARK,
  findScriptElements,
  inlineScriptHashes,
  isCheckedInlineScript,
  scriptHashSource,
} from "./script-hashes";

// sha256 of the UTF-8 bytes, base64 (computed with `openssl dgst -sha256 -binary | base64`).
const ALERT = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"; // alert(1)
const E_ACUTE_LINE = "'sha256-7dOoY4cqBCOesprUvBL8iSs9SuV8x+eGo2l4FvjhQcI='"; // "é\n"
const A_NEWLINE_B = "'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='"; // "a\nb"

const texts = (html: string) => findScriptElements(html).map((s) => s.text);

describe("scriptHashSource", () => {
  it("is the base64 SHA-256 of the UTF-8 text, quoted as a CSP source", () => {
    expect(scriptHashSource("alert(1)")).toBe(ALERT);
    expect(scriptHashSource("é\n")).toBe(E_ACUTE_LINE);
  });

  it("hashes what the browser sees: CR LF and lone CR become LF", () => {
    expect(scriptHashSource("a\r\nb")).toBe(A_NEWLINE_B);
    expect(scriptHashSource("a\rb")).toBe(A_NEWLINE_B);
  });
});

describe("findScriptElements", () => {
  it("finds every script, in order, with its exact text", () => {
    const html =
      "<!doctype html><html><head><script>one()</script><title>t</title></head>" +
      '<body><p>x</p><script type="module">\n  import "/a.js";\n</script><script>three()</script></body></html>';
    expect(texts(html)).toEqual(["one()", '\n  import "/a.js";\n', "three()"]);
  });

  it("reads quoted attribute values whole, `>` included", () => {
    const html = `<script data-a="x>y" data-b='>>' data-c=plain>run()</script>`;
    const [script] = findScriptElements(html);
    expect(script?.text).toBe("run()");
    expect(script?.attributes.get("data-a")).toBe("x>y");
    expect(script?.attributes.get("data-b")).toBe(">>");
    expect(script?.attributes.get("data-c")).toBe("plain");
  });

  it("matches tags in any letter case, end tags with spaces or a slash", () => {
    expect(texts("<SCRIPT>a()</SCRIPT><Script>b()</sCrIpT ><script>c()</script/>")).toEqual([
      "a()",
      "b()",
      "c()",
    ]);
  });

  it("does not end a script at a longer tag name or a string that only looks like one", () => {
    expect(texts(`<script>let s = "</scripts>"; go()</script>`)).toEqual([
      `let s = "</scripts>"; go()`,
    ]);
  });

  it("keeps the first of duplicated attributes, lower-cases their names", () => {
    const [script] = findScriptElements(`<script TYPE="module" type="text/plain">x</script>`);
    expect(script?.attributes.get("type")).toBe("module");
  });

  it("ignores scripts inside comments, raw text and escapable text", () => {
    const html =
      "<!-- <script>no1()</script> -->" +
      "<textarea><script>no2()</script></textarea>" +
      "<title><script>no3()</script></title>" +
      "<style>a::after{content:'<script>no4()</script>'}</style>" +
      "<noscript><script>no5()</script></noscript>" +
      "<script>yes()</script>";
    expect(texts(html)).toEqual(["yes()"]);
  });

  it("closes comments as browsers do: `<!-->`, `<!--->` and `--!>`", () => {
    expect(texts("<!--><script>a()</script>")).toEqual(["a()"]);
    expect(texts("<!---><script>b()</script>")).toEqual(["b()"]);
    expect(texts("<!-- x --!><script>c()</script>")).toEqual(["c()"]);
  });

  it("follows the script-data escape: `<!--<script>` hides the next `</script>`", () => {
    const inner = "<!--<script>x()</script>y()-->";
    expect(texts(`<script>${inner}</script><script>z()</script>`)).toEqual([inner, "z()"]);
    // Without the inner <script> the comment-like text does not hide the end tag.
    expect(texts("<script><!-- a() </script><script>b()</script>")).toEqual(["<!-- a() ", "b()"]);
    // `-->` returns to plain script data.
    expect(texts("<script><!-- --> </script>after")).toEqual(["<!-- --> "]);
  });

  it("runs a script left open to the end of the body", () => {
    expect(texts("<p>x</p><script>tail()")).toEqual(["tail()"]);
  });

  it("drops a start tag cut off by the end of the body", () => {
    expect(texts('<script data-x="never closed>run()</script>')).toEqual([]);
  });
});

describe("isCheckedInlineScript", () => {
  const check = (html: string) => {
    const [script] = findScriptElements(html);
    if (!script) throw new Error("no script");
    return isCheckedInlineScript(script);
  };

  it("checks classic scripts, JavaScript types, modules, import maps and speculation rules", () => {
    expect(check("<script>a()</script>")).toBe(true);
    expect(check('<script type="">a()</script>')).toBe(true);
    expect(check('<script type="text/javascript">a()</script>')).toBe(true);
    expect(check('<script type=" Text/JavaScript ">a()</script>')).toBe(true);
    expect(check('<script type="module">a()</script>')).toBe(true);
    expect(check('<script type="importmap">{}</script>')).toBe(true);
    expect(check('<script type="speculationrules">{}</script>')).toBe(true);
    expect(check('<script language="javascript">a()</script>')).toBe(true);
  });

  it("skips data blocks, external scripts and empty scripts", () => {
    expect(check('<script type="application/ld+json">{"@type":"Thing"}</script>')).toBe(false);
    expect(check('<script type="text/plain">a()</script>')).toBe(false);
    // A MIME type with parameters is not a JavaScript type essence: browsers do not run it.
    expect(check('<script type="text/javascript; charset=utf-8">a()</script>')).toBe(false);
    expect(check('<script src="/assets/a.js"></script>')).toBe(false);
    expect(check('<script src="/assets/a.js">ignored()</script>')).toBe(false);
    expect(check("<script></script>")).toBe(false);
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each distinct checked inline script of a body once, in order", () => {
    const html =
      '<head><script src="/assets/entry.js"></script>' +
      '<script type="application/ld+json">{"a":1}</script>' +
      "<script>alert(1)</script><SCRIPT>a\r\nb</SCRIPT><script>alert(1)</script></head>";
    expect(inlineScriptHashes(html)).toEqual([ALERT, A_NEWLINE_B]);
  });

  it("reads a body of bytes as UTF-8", () => {
    const body = Buffer.from("<script>é\n</script>", "utf8");
    expect(inlineScriptHashes(body)).toEqual([E_ACUTE_LINE]);
  });

  it("finds nothing in a page without inline scripts", () => {
    expect(inlineScriptHashes("<!doctype html><title>x</title><p>hello</p>")).toEqual([]);
  });

  it("hashes the app's module script held in a <template> until the first paint, and the script that releases it", () => {
    // The browser checks the module script when the released copy enters the document.
    const entry =
      'import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};';
    const page = holdScriptsUntilFirstPaint(
      `<html><head><link rel="stylesheet" href="/a.css"/></head><body><p>x</p><script type="module" async="">${entry}</script></body></html>`,
    );
    expect(page).toContain("<template");
    expect(inlineScriptHashes(page)).toEqual([
      scriptHashSource(afterFirstPaintScript()),
      scriptHashSource(entry),
    ]);
  });
});

describe("only the scripts the app writes", () => {
  const page = (content: string) =>
    `<!doctype html><html><head><script>head()</script></head><body><main>${content}</main><${APP_SCRIPTS_MARK} hidden=""></${APP_SCRIPTS_MARK}><script>app()</script></body></html>`;

  it("hashes the head's scripts and those after the mark, not one in the content", () => {
    expect(inlineScriptHashes(page("<p><script>injected()</script></p>"))).toEqual([
      scriptHashSource("head()"),
      scriptHashSource("app()"),
    ]);
  });

  it("is not fooled by a mark in the content: only the last one counts", () => {
    const faked = page(`<${APP_SCRIPTS_MARK}></${APP_SCRIPTS_MARK}><script>injected()</script>`);
    expect(inlineScriptHashes(faked)).not.toContain(scriptHashSource("injected()"));
  });

  it("hashes every script of a body the app did not mark", () => {
    expect(inlineScriptHashes("<body><main><script>a()</script></main></body>")).toEqual([
      scriptHashSource("a()"),
    ]);
  });
});

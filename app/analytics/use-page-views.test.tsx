import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { usePageViews } from "./use-page-views";

function Probe() {
  usePageViews();
  return <p>ok</p>;
}

describe("usePageViews", () => {
  it("renders on the server without touching window (effects only run in the browser)", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={["/about"]}>
        <Probe />
      </MemoryRouter>,
    );
    expect(html).toContain("ok");
  });
});

// The browser the other specs drive: started as scripts/chromium.ts says, without losing any
// of the features Playwright turns off (Chromium keeps only the last --disable-features).

import { ADDRESS_BAR_POPUP_FEATURES } from "../../scripts/chromium";
import { expect, test } from "./support/reused-page";

// Each test on a new context: the targets a new page opens are what is checked.
test.use({ freshPage: true });

test("runs without the address bar's popups and without every feature Playwright turns off", async ({
  browser,
  page,
}) => {
  await page.goto("chrome://version");
  const commandLine = (await page.locator("#command_line").textContent()) ?? "";
  const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) =>
    (match[1] ?? "").split(","),
  );
  // Playwright's list, then ours.
  expect(lists.length, commandLine).toBeGreaterThanOrEqual(2);
  const effective = lists.at(-1) ?? [];
  for (const feature of [...lists.slice(0, -1).flat(), ...ADDRESS_BAR_POPUP_FEATURES]) {
    expect(effective, `--disable-features lacks ${feature}`).toContain(feature);
  }
  // A page of its own opened no WebUI beside it.
  const context = await browser.newContext();
  await context.newPage();
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  expect(targetInfos.filter((target) => target.type === "browser_ui")).toEqual([]);
  expect(targetInfos.filter((target) => target.type === "page").length).toBeGreaterThanOrEqual(2);
  await context.close();
});

import { describe, expect, it } from "vitest";
import { isAppModule, projectPath } from "./project-modules";

// The image builds in /app: the project's root is itself a folder named app.
const IMAGE_ROOT = "/app";

describe("project modules", () => {
  it("reads an id's path in the project, without its query", () => {
    expect(projectPath("/app/app/root.tsx?raw", IMAGE_ROOT)).toBe("app/root.tsx");
    expect(projectPath("/srv/site/vite/facades/react.ts", "/srv/site")).toBe(
      "vite/facades/react.ts",
    );
  });

  it("has no path for an id outside the project or not a file", () => {
    expect(projectPath("/elsewhere/app/root.tsx", IMAGE_ROOT)).toBeUndefined();
    expect(projectPath("\0virtual:react-router/server-build", IMAGE_ROOT)).toBeUndefined();
    expect(projectPath("react", IMAGE_ROOT)).toBeUndefined();
  });

  it("takes only the app's own sources for app modules, in a project at /app", () => {
    expect(isAppModule("/app/app/components/layout/header.tsx", IMAGE_ROOT)).toBe(true);
    expect(isAppModule("/app/node_modules/react/index.js", IMAGE_ROOT)).toBe(false);
    expect(isAppModule("/app/vite/facades/react.ts", IMAGE_ROOT)).toBe(false);
    expect(isAppModule("/app/node_modules/some-lib/app/index.js", IMAGE_ROOT)).toBe(false);
  });
});

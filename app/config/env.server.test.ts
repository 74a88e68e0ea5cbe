import { describe, expect, it } from "vitest";
import { EnvError, LOCAL_CONTENT_IDENTITY, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("uses the embedded content service and local identity when nothing is set", () => {
    const env = parseEnv({});
    expect(env.embeddedContent).toBe(true);
    expect(env.bcms).toEqual({
      origin: "http://127.0.0.1:3100",
      orgId: LOCAL_CONTENT_IDENTITY.orgId,
      instanceId: LOCAL_CONTENT_IDENTITY.instanceId,
      apiKey: { id: LOCAL_CONTENT_IDENTITY.apiKeyId, secret: LOCAL_CONTENT_IDENTITY.apiKeySecret },
    });
    expect(env.port).toBe(3000);
    expect(env.siteOrigin).toBe("https://id5.io");
    expect(env.gtmId).toBeUndefined();
  });

  it("points at a real CMS when BCMS_ORIGIN and the identity are set", () => {
    const env = parseEnv({
      BCMS_ORIGIN: "https://app.thebcms.com/",
      BCMS_ORG_ID: "o",
      BCMS_INSTANCE_ID: "i",
      BCMS_API_KEY_ID: "k",
      BCMS_API_KEY_SECRET: "s",
      SITE_ORIGIN: "https://www.example.com/",
      PORT: "8080",
    });
    expect(env.embeddedContent).toBe(false);
    expect(env.bcms.origin).toBe("https://app.thebcms.com");
    expect(env.siteOrigin).toBe("https://www.example.com");
    expect(env.port).toBe(8080);
  });

  it("lists every problem, one message each, without echoing the secret", () => {
    let error: unknown;
    try {
      parseEnv({
        BCMS_ORIGIN: "https://cms.example.com",
        BCMS_API_KEY_SECRET: "very-secret-value",
        PORT: "http",
        SITE_ORIGIN: "not a url",
        GTM_ID: "UA-1",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        "PORT must be a port number (0-65535)",
        "SITE_ORIGIN must be an origin such as https://example.com (no path)",
        "GTM_ID must look like GTM-XXXXXXX",
        "BCMS_ORG_ID is required when BCMS_ORIGIN is set",
        "BCMS_INSTANCE_ID is required when BCMS_ORIGIN is set",
        "BCMS_API_KEY_ID is required when BCMS_ORIGIN is set",
      ]),
    );
    expect((error as Error).message).not.toContain("very-secret-value");
  });
});

import { describe, expect, it } from "vitest";
import {
  DATABASE_URL_EXAMPLE,
  DEFAULT_EMBED_FRAME_ANCESTORS,
  EMBED_FRAME_ANCESTORS_PROBLEM,
  EnvError,
  LOCAL_CONTENT_IDENTITY,
  MAX_TRUSTED_PROXY_HOPS,
  parseEnv,
} from "./env.server";

describe("parseEnv", () => {
  it("reads the proxies in front as a hop count and an optional client-address header", () => {
    expect(parseEnv({}).trustProxy).toEqual({ hops: 0, clientIpHeader: undefined });
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxy).toEqual({
      hops: 1,
      clientIpHeader: undefined,
    });
    expect(
      parseEnv({ TRUST_PROXY: " 2 ", CLIENT_IP_HEADER: " CF-Connecting-IP " }).trustProxy,
    ).toEqual({ hops: 2, clientIpHeader: "cf-connecting-ip" });
    for (const wrong of ["yes", "-1", "1.5", String(MAX_TRUSTED_PROXY_HOPS + 1)]) {
      expect(() => parseEnv({ TRUST_PROXY: wrong })).toThrow(
        /TRUST_PROXY must be the number of proxies in front of the site/,
      );
    }
    expect(() => parseEnv({ CLIENT_IP_HEADER: "CF Connecting IP" })).toThrow(
      /CLIENT_IP_HEADER must be a header name/,
    );
  });

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

  it("owns the content service's settings, the log level and the access-line sample", () => {
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({
      contentDir: "content",
      contentPort: 3100,
      contentHost: "127.0.0.1",
      contentCacheDir: ".cache/media",
      logLevel: "info",
      accessLogSample: 1,
    });
    const set = parseEnv({
      CONTENT_HOST: " 0.0.0.0 ",
      CONTENT_CACHE_DIR: "/var/cache/id5",
      LOG_LEVEL: "warn",
      ACCESS_LOG_SAMPLE: "100",
    });
    expect(set).toMatchObject({
      contentHost: "0.0.0.0",
      contentCacheDir: "/var/cache/id5",
      logLevel: "warn",
      accessLogSample: 100,
    });
    for (const wrong of ["0", "0.5", "every"]) {
      expect(() => parseEnv({ ACCESS_LOG_SAMPLE: wrong })).toThrow(
        "ACCESS_LOG_SAMPLE must be a whole number of at least 1",
      );
    }
    // A blank identity value is unset, not an identity of spaces.
    expect(parseEnv({ BCMS_ORG_ID: "  " }).bcms.orgId).toBe(LOCAL_CONTENT_IDENTITY.orgId);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(
      "LOG_LEVEL must be one of debug, info, warn, error",
    );
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

  it("takes one or two Standard Webhooks secrets and refuses an old plain one without echoing it", () => {
    const first = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
    const second = `whsec_${Buffer.alloc(24, 2).toString("base64")}`;
    const hook = "https://crm.example/hook";
    expect(
      parseEnv({ FORMS_WEBHOOK_URL: hook, FORMS_WEBHOOK_SECRET: first }).forms.webhookSecret,
    ).toBe(first);
    expect(() =>
      parseEnv({ FORMS_WEBHOOK_URL: hook, FORMS_WEBHOOK_SECRET: ` ${first}  ${second} ` }),
    ).not.toThrow();
    const problemsOf = (secret: string) => {
      try {
        parseEnv({ FORMS_WEBHOOK_URL: hook, FORMS_WEBHOOK_SECRET: secret });
      } catch (error) {
        return (error as EnvError).problems;
      }
      return [];
    };
    for (const wrong of [
      "plain-old-shared-secret-of-the-past",
      "whsec_not*base64",
      `whsec_${Buffer.alloc(8).toString("base64")}`,
      `${first} plain-old-shared-secret-of-the-past`,
    ]) {
      const problems = problemsOf(wrong);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^FORMS_WEBHOOK_SECRET must be whsec_<base64 of 24 to 64/);
      expect(problems[0]).not.toContain("plain-old");
    }
    expect(problemsOf(`${first} ${second} ${first}`)).toEqual([
      "FORMS_WEBHOOK_SECRET holds at most two secrets (during a rotation)",
    ]);
  });

  it("sizes the render thread's heap as set", () => {
    expect(parseEnv({}).renderThreadHeapMb).toBe(128);
    expect(parseEnv({ RENDER_THREAD_HEAP_MB: "256" }).renderThreadHeapMb).toBe(256);
    expect(() => parseEnv({ RENDER_THREAD_HEAP_MB: "32" })).toThrow(
      /RENDER_THREAD_HEAP_MB must be a whole number of at least 64/,
    );
  });

  it("takes a previous signing secret only beside the secret that replaced it", () => {
    const secrets = {
      FORMS_SIGNING_SECRET: "the-secret-after-the-rotation",
      FORMS_SIGNING_SECRET_PREVIOUS: "the-secret-before-the-rotation",
    };
    expect(parseEnv(secrets).forms.previousSigningSecret).toBe("the-secret-before-the-rotation");
    expect(() =>
      parseEnv({ FORMS_SIGNING_SECRET_PREVIOUS: secrets.FORMS_SIGNING_SECRET_PREVIOUS }),
    ).toThrow(/FORMS_SIGNING_SECRET_PREVIOUS needs FORMS_SIGNING_SECRET/);
    expect(() => parseEnv({ ...secrets, FORMS_SIGNING_SECRET_PREVIOUS: "short" })).toThrow(
      /FORMS_SIGNING_SECRET_PREVIOUS must be at least 16 characters/,
    );
  });

  it("stores in SQLite unless DATABASE_URL names a PostgreSQL database", () => {
    expect(parseEnv({}).databaseUrl).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: " " }).databaseUrl).toBeUndefined();
    const url = "postgresql://site:pa%40ss@db.internal:5433/site?sslmode=require";
    expect(parseEnv({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it("sizes the PostgreSQL pool as set, 10 connections unless told", () => {
    expect(parseEnv({}).databasePoolSize).toBe(10);
    expect(parseEnv({ DATABASE_POOL_SIZE: "25" }).databasePoolSize).toBe(25);
    for (const wrong of ["0", "2.5", "many", "1001"]) {
      expect(() => parseEnv({ DATABASE_POOL_SIZE: wrong }), wrong).toThrow(
        /DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000/,
      );
    }
  });

  it("limits the store's statements to 10 s unless told, from 1 to 600 s", () => {
    expect(parseEnv({}).databaseStatementTimeoutSeconds).toBe(10);
    expect(
      parseEnv({ DATABASE_STATEMENT_TIMEOUT_SECONDS: "30" }).databaseStatementTimeoutSeconds,
    ).toBe(30);
    for (const wrong of ["0", "1.5", "long", "601"]) {
      expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_SECONDS: wrong }), wrong).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 600/,
      );
    }
  });

  it("reads NODE_ENV and BUILD_ID like every other setting", () => {
    expect(parseEnv({}).development).toBe(false);
    expect(parseEnv({ NODE_ENV: "development" }).development).toBe(true);
    expect(parseEnv({ NODE_ENV: "production" }).development).toBe(false);
    expect(parseEnv({ BUILD_ID: " abc123 " }).buildId).toBe("abc123");
    expect(parseEnv({ BUILD_ID: "" }).buildId).toBeUndefined();
  });

  it("says what is wrong with a DATABASE_URL, one message each, never its password", () => {
    const problems = (value: string) => {
      try {
        parseEnv({ DATABASE_URL: value });
      } catch (error) {
        expect((error as Error).message).not.toContain("s3cret");
        return (error as EnvError).problems;
      }
      return [];
    };
    expect(problems("localhost:5432 s3cret")).toEqual([
      `DATABASE_URL must be a PostgreSQL URL such as ${DATABASE_URL_EXAMPLE}`,
    ]);
    expect(problems("mysql://user:s3cret@db/site")).toEqual([
      "DATABASE_URL must start with postgres:// or postgresql:// (not mysql://); the site stores in PostgreSQL, or in SQLite when DATABASE_URL is unset",
    ]);
    expect(problems("postgres://user:s3cret@db:5432")).toEqual([
      `DATABASE_URL names no database: add its name as the path (${DATABASE_URL_EXAMPLE})`,
    ]);
    expect(problems("postgres://user:s3cret@db:99999/site")).toEqual([
      `DATABASE_URL must be a PostgreSQL URL such as ${DATABASE_URL_EXAMPLE}`,
    ]);
  });

  it("lets the console frame the embedded agreement page unless told otherwise", () => {
    expect(DEFAULT_EMBED_FRAME_ANCESTORS).toEqual(["https://console.id5.io"]);
    expect(parseEnv({}).embedFrameAncestors).toEqual(["https://console.id5.io"]);
    expect(parseEnv({ EMBED_FRAME_ANCESTORS: "  " }).embedFrameAncestors).toEqual([
      "https://console.id5.io",
    ]);
    expect(
      parseEnv({
        EMBED_FRAME_ANCESTORS:
          " https://console.id5.io/  http://localhost:8080 https://*.partner.example https://console.id5.io",
      }).embedFrameAncestors,
    ).toEqual(["https://console.id5.io", "http://localhost:8080", "https://*.partner.example"]);
  });

  it("refuses EMBED_FRAME_ANCESTORS values that are not plain http(s) origins", () => {
    for (const wrong of [
      "console.id5.io",
      "ftp://files.example",
      "https://console.id5.io/login",
      "https://console.id5.io?x=1",
      "https://user@console.id5.io",
      "https://a;b.example",
      "'self'",
      "*",
    ]) {
      let error: unknown;
      try {
        parseEnv({ EMBED_FRAME_ANCESTORS: `https://ok.example ${wrong}` });
      } catch (e) {
        error = e;
      }
      expect(error, wrong).toBeInstanceOf(EnvError);
      expect((error as EnvError).problems, wrong).toEqual([
        `${EMBED_FRAME_ANCESTORS_PROBLEM} (not: ${wrong})`,
      ]);
    }
  });

  it("reads the drafts and preview settings, with their defaults", () => {
    const defaults = parseEnv({});
    expect(defaults.publicStatus).toBe("Published");
    expect(defaults.preview).toEqual({
      apiToken: undefined,
      frameAncestors: ["https://app.thebcms.com"],
    });
    const set = parseEnv({
      PUBLIC_STATUS: " live ",
      PREVIEW_API_TOKEN: "p".repeat(32),
      PREVIEW_FRAME_ANCESTORS: "https://cms.example https://cms.example:8443/",
    });
    expect(set.publicStatus).toBe("live");
    expect(set.preview).toEqual({
      apiToken: "p".repeat(32),
      frameAncestors: ["https://cms.example", "https://cms.example:8443"],
    });
  });

  it("refuses a short preview token and framers that are not origins", () => {
    expect(() =>
      parseEnv({
        PREVIEW_API_TOKEN: "short",
        PREVIEW_FRAME_ANCESTORS: "https://cms.example/path *",
      }),
    ).toThrow(
      expect.objectContaining({
        problems: [
          "PREVIEW_API_TOKEN must be at least 32 characters",
          "PREVIEW_FRAME_ANCESTORS must be origins such as https://app.thebcms.com, separated by spaces (not: https://cms.example/path *)",
        ],
      }),
    );
  });
});

describe("PURGE_URL", () => {
  it("refuses a user name or password in it, without quoting it", () => {
    for (const url of [
      "https://user:s3cret-pw@purge.example/purge",
      "https://user@purge.example/purge",
    ]) {
      let message = "";
      try {
        parseEnv({ PURGE_URL: url });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("PURGE_URL must not carry a user name or password");
      expect(message).not.toContain("s3cret-pw");
    }
  });

  it("refuses plain http with PURGE_TOKEN, but for loopback", () => {
    expect(() =>
      parseEnv({ PURGE_URL: "http://purge.example/purge", PURGE_TOKEN: "a-token" }),
    ).toThrow(/PURGE_URL must be https when PURGE_TOKEN is set/);
    expect(
      parseEnv({ PURGE_URL: "http://127.0.0.1:9000/purge", PURGE_TOKEN: "a-token" }).purgeUrl,
    ).toBe("http://127.0.0.1:9000/purge");
    expect(parseEnv({ PURGE_URL: "https://purge.example/p", PURGE_TOKEN: "t" }).purgeUrl).toBe(
      "https://purge.example/p",
    );
  });
});

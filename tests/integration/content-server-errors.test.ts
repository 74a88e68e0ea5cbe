/** Authentication, unknown routes and ids, bad bodies and path traversal: BCMS's answers. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { AUTH_MESSAGES } from "../../content-server/auth";
import {
  jsonBody,
  openSocket,
  rawGet,
  socketUrl,
  startTestServer,
  type TestServer,
} from "../support/content-server-harness";
import {
  buildFixtureSnapshot,
  fixtureMediaItem,
  IDS,
  PROPS,
  writeEntity,
} from "../support/snapshot-builder";

let t: TestServer;
const EVIL_MEDIA = "65aa000000000000000000e1";

beforeAll(async () => {
  const fixture = await buildFixtureSnapshot();
  // A media item whose name tries to climb out of the snapshot: files are found by id only.
  await writeEntity(
    fixture.dir,
    "media",
    fixtureMediaItem(EVIL_MEDIA, {
      type: "TXT",
      mimetype: "text/plain",
      size: 5,
      name: "../../../snapshot.json",
    }),
  );
  await writeFile(join(fixture.dir, "media-files", `${EVIL_MEDIA}.json`), "safe\n");
  t = await startTestServer({ dir: fixture.dir });
});

afterAll(async () => {
  await t.close();
});

function plain(path: string, headers: Record<string, string> = {}) {
  return fetch(`${t.server.url}${t.basePath}${path}`, { headers });
}

describe("authentication", () => {
  it("answers 401 with a clear message when no key is given", async () => {
    const response = await plain("/template/all");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: AUTH_MESSAGES.missing });
  });

  it("answers 401 Invalid API Key format for malformed keys", async () => {
    for (const authorization of [
      "ApiKey abc",
      "ApiKey .secret",
      "ApiKey id.",
      "Bearer x.y",
      "ApiKey",
    ]) {
      const response = await plain("/template/all", { Authorization: authorization });
      expect(response.status, authorization).toBe(401);
      expect(await response.json()).toEqual({ message: AUTH_MESSAGES.format });
    }
  });

  it("answers 401 Invalid API Key for a wrong id or secret", async () => {
    const { apiKeyId, apiKeySecret } = t.server.identity;
    for (const key of [
      `${apiKeyId}.wrong`,
      `65aa00000000000000000000.${apiKeySecret}`,
      `${apiKeyId}.${apiKeySecret}x`,
    ]) {
      const response = await plain("/template/all", { Authorization: `ApiKey ${key}` });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: AUTH_MESSAGES.invalid });
    }
  });

  it("accepts the key as apiKey query parameter too", async () => {
    const { apiKeyId, apiKeySecret } = t.server.identity;
    expect((await plain(`/template/all?apiKey=${apiKeyId}.${apiKeySecret}`)).status).toBe(200);
    expect((await plain(`/template/all?apiKey=${apiKeyId}.nope`)).status).toBe(401);
    expect((await plain("/template/all?apiKey=nodot")).status).toBe(401);
  });

  it("answers 404 for another organisation or instance", async () => {
    const other = "65aa0000000000000000ffff";
    const { orgId, instanceId } = t.server.identity;
    const wrongOrg = await fetch(
      `${t.server.url}/api/v3/org/${other}/instance/${instanceId}/template/all`,
      {
        headers: { Authorization: t.authorization },
      },
    );
    expect(wrongOrg.status).toBe(404);
    expect(await wrongOrg.json()).toEqual({
      message: `Organization with ID "${other}" does not exist`,
    });
    const wrongInstance = await fetch(
      `${t.server.url}/api/v3/org/${orgId}/instance/${other}/template/all`,
      {
        headers: { Authorization: t.authorization },
      },
    );
    expect(wrongInstance.status).toBe(404);
    expect(await wrongInstance.json()).toEqual({
      message: `Instance with ID "${other}" does not exist`,
    });
  });
});

describe("unknown routes and ids", () => {
  it("answers 404 {message: METHOD: path} for unknown routes, without echoing the query", async () => {
    const response = await fetch(`${t.server.url}/api/v3/nothing?apiKey=a.secret-value`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "GET: /api/v3/nothing" });
    const post = await t.api("/template/all", { method: "POST" });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ message: `POST: ${t.basePath}/template/all` });
    expect((await fetch(`${t.server.url}/`)).status).toBe(404);
  });

  it("answers 404 in BCMS's words for unknown ids of every kind", async () => {
    const missing = "65aa000000000000000000ff";
    const cases: [string, string][] = [
      [`/template/${missing}`, `Template with ID "${missing}" does not exist`],
      [`/template/${missing}/entry/all`, `Template with ID "${missing}" does not exist`],
      [
        `/template/${IDS.templateArticle}/entry/${missing}`,
        `Entry with ID "${missing}" does not exist`,
      ],
      [
        `/template/${IDS.templateArticle}/entry/${missing}/lite`,
        `Entry with ID "${missing}" does not exist`,
      ],
      [
        `/template/${IDS.templateArticle}/entry/no-such-slug/parse`,
        'Entry with ID "no-such-slug" does not exist',
      ],
      // An entry of another template is not found through this one.
      [
        `/template/${IDS.templatePerson}/entry/${IDS.article1}`,
        `Entry with ID "${IDS.article1}" does not exist`,
      ],
      [`/media/${missing}`, `Media with ID "${missing}" does not exist`],
      [`/media/${missing}/bin2/x.png`, `Media with ID "${missing}" does not exist`],
      [`/group/${missing}`, `Group with ID "${missing}" does not exist`],
      [`/group/${missing}/where-is-it-used`, `Group with ID "${missing}" does not exist`],
      [`/widget/${missing}`, `Widget with ID "${missing}" does not exist`],
      [`/language/${missing}`, `Language with ID "${missing}" does not exist`],
      [`/entry-status/${missing}`, `Entry status with ID "${missing}" does not exist`],
      [
        `/template/${IDS.templateArticle}/entry/all_by_status/Archived`,
        'Entry status "Archived" does not exist',
      ],
    ];
    for (const [path, message] of cases) {
      const { status, body } = await t.json(path);
      expect(status, path).toBe(404);
      expect(body, path).toEqual({ message });
    }
  });

  it("answers 400 for an unknown type-generator language", async () => {
    const { status, body } = await t.json("/type-generator/cobol");
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'Language "cobol" is not known' });
  });
});

describe("bad bodies", () => {
  const create = `/template/${IDS.templateArticle}/entry/create`;

  it("answers 400 for malformed or empty JSON", async () => {
    const broken = await t.api(create, { method: "POST", body: '{"statuses": [' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toMatch(/^Request body is not valid JSON/);
    const empty = await t.api(create, { method: "POST" });
    expect(empty.status).toBe(400);
    const wrongShape = await t.api(create, jsonBody("POST", [1, 2]));
    expect(wrongShape.status).toBe(400);
    expect((await wrongShape.json()).message).toMatch(/^\[body\] -> /);
  });

  it("refuses bodies over 1 MiB with 413", async () => {
    const huge = JSON.stringify({
      statuses: [],
      meta: [],
      content: [],
      pad: "x".repeat(1024 * 1024 + 10),
    });
    const response = await t.api(create, { method: "POST", body: huge });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 1048576 bytes/);
    // The server is still fine afterwards.
    expect((await t.api("/template/all")).status).toBe(200);
  });
});

describe("path traversal", () => {
  const auth = () => ({ Authorization: t.authorization });

  it("never resolves ../ or encoded variants to a file", async () => {
    const paths = [
      `${t.basePath}/media/../../../../etc/passwd`,
      `${t.basePath}/media/..%2F..%2Fsnapshot.json/bin2/x`,
      `${t.basePath}/media/%2e%2e/bin2/passwd`,
      `${t.basePath}/media/%2e%2e%2f%2e%2e%2fsnapshot.json/bin2/x`,
      `${t.basePath}/media/..%5c..%5csnapshot.json/bin2/x`,
      `${t.basePath}/media/${IDS.mediaPhoto}%2f..%2f..%2fsnapshot.json/bin2/x`,
      `${t.basePath}/template/..%2Fentries/entry/all`,
      `${t.basePath}/media/%00/bin2/x`,
      `${t.basePath}/media/%zz/bin2/x`,
    ];
    for (const path of paths) {
      const response = await rawGet(t.server.url, path, auth());
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toMatch(/"format"|root:/);
    }
  });

  it("treats the bin2 file name as cosmetic", async () => {
    const response = await rawGet(
      t.server.url,
      `${t.basePath}/media/${IDS.mediaLogo}/bin2/..%2F..%2F..%2Fsnapshot.json`,
      auth(),
    );
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml");
    expect(response.body).toMatch(/^<svg/);
  });

  it("serves a media item whose stored name climbs out of the snapshot from its own file only", async () => {
    const response = await rawGet(t.server.url, `${t.basePath}/media/${EVIL_MEDIA}/bin2/x`, auth());
    expect(response.status).toBe(200);
    expect(response.body).toBe("safe\n");
  });
});

describe("socket", () => {
  function upgradeStatus(url: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => {
        socket.close();
        resolve(101);
      });
      socket.on("error", (error) => {
        if (!String(error.message).includes("Unexpected server response")) reject(error);
      });
    });
  }

  it("refuses bad tokens with HTTP 401 on upgrade", async () => {
    const { apiKeyId } = t.server.identity;
    expect(await upgradeStatus(socketUrl(t.server, `apikey_${apiKeyId}.wrong`))).toBe(401);
    expect(await upgradeStatus(socketUrl(t.server, "nope"))).toBe(401);
    expect(await upgradeStatus(`${t.server.url.replace("http", "ws")}/api/v3/socket`)).toBe(401);
    expect(await upgradeStatus(`${t.server.url.replace("http", "ws")}/elsewhere`)).toBe(404);
    expect(await upgradeStatus(socketUrl(t.server))).toBe(101);
  });

  it("sends socket_connection with a 40-hex id and ignores garbage frames", async () => {
    const client = await openSocket(t.server);
    try {
      expect(client.events[0]?.en).toBe("socket_connection");
      expect(client.events[0]?.ed.id).toMatch(/^[0-9a-f]{40}$/);
      client.socket.send("not json");
      client.socket.send(Buffer.from([0, 1, 2, 255]));
      client.socket.send(JSON.stringify({ en: "entry_sync_something", ed: { x: 1 } }));
      client.socket.send(JSON.stringify({ en: 5 }));
      // Still connected and served: a write is announced to this client.
      const created = await t.json(
        `/template/${IDS.templatePerson}/entry/create`,
        jsonBody("POST", {
          statuses: [],
          meta: [{ lng: "en", props: personProps("Zed", "zed") }],
          content: [],
        }),
      );
      expect(created.status).toBe(200);
      const event = await client.waitFor(
        (e) => e.en === "entry" && e.ed.entryId === created.body.item._id,
      );
      expect(event.ed).toMatchObject({ type: "update", templateId: IDS.templatePerson });
    } finally {
      client.close();
    }
  });
});

function personProps(title: string, slug: string) {
  return [
    { id: PROPS.personTitle, data: [title] },
    { id: PROPS.personSlug, data: [slug] },
    { id: PROPS.personBio, data: [] },
    { id: PROPS.personFriend, data: [] },
  ];
}

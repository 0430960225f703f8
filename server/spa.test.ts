import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "./middleware/error-handler";
import { mountSpaFiles, mountSpaPages } from "./spa";

const SCRIPT = `console.log(${JSON.stringify("heirloom ".repeat(200))});\n`;
let spaDir: string;

function write(relative: string, body: string | Buffer): void {
  const file = path.join(spaDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

/** The SPA alone; `X-Test-User: <type>` stands in for a signed-in user of that type. */
function spaApp(dir = spaDir) {
  const app = express();
  mountSpaFiles(app, dir);
  app.use((req, _res, next) => {
    const userType = req.get("X-Test-User");
    if (userType) req.user = { userType } as Express.User;
    next();
  });
  mountSpaPages(app, dir);
  app.use(errorHandler);
  return app;
}

beforeAll(() => {
  spaDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-spa-"));
  write("index.html", "<!doctype html><title>shell</title>");
  write("pages/visitor/index.html", "<!doctype html><title>landing</title>");
  write("pages/visitor/auth.html", "<!doctype html><title>sign in</title>");
  write("pages/client/dashboard.html", "<!doctype html><title>client shell</title>");
  write("pages/visitor/index.html.br", brotliCompressSync("<!doctype html><title>landing</title>"));
  write("static/app-abc123.js", SCRIPT);
  write("static/app-abc123.js.br", brotliCompressSync(SCRIPT));
  write("static/app-abc123.js.gz", gzipSync(SCRIPT));
  write("static/plain-abc123.js", SCRIPT);
  write("favicon.svg", "<svg/>");
  write(".env", "SESSION_SECRET=CANARY-dotenv\n");
  write(".env.br", brotliCompressSync("SESSION_SECRET=CANARY-dotenv\n"));
});

afterAll(() => fs.rmSync(spaDir, { recursive: true, force: true }));

describe("static files", () => {
  it("sends the Brotli twin of a hashed script to a browser that takes it, with the script's type", async () => {
    const res = await request(spaApp()).get("/static/app-abc123.js").set("Accept-Encoding", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-length"]).toBe(String(fs.statSync(path.join(spaDir, "static/app-abc123.js.br")).size));
    expect(res.text).toBe(SCRIPT);
  });

  it("sends the gzip twin when the browser takes gzip only", async () => {
    const res = await request(spaApp()).get("/static/app-abc123.js").set("Accept-Encoding", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.text).toBe(SCRIPT);
  });

  it("sends the file as it is without Accept-Encoding, or when the build wrote no twin", async () => {
    const identity = await request(spaApp()).get("/static/app-abc123.js").set("Accept-Encoding", "identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.text).toBe(SCRIPT);
    const noTwin = await request(spaApp()).get("/static/plain-abc123.js").set("Accept-Encoding", "br");
    expect(noTwin.status).toBe(200);
    expect(noTwin.headers["content-encoding"]).toBeUndefined();
  });

  it("answers files before anything mounted after it (the session) runs, and leaves /api alone", async () => {
    const app = express();
    mountSpaFiles(app, spaDir);
    app.use((req, res) => res.status(418).send(`reached ${req.path}`));
    expect((await request(app).get("/static/app-abc123.js")).status).toBe(200);
    expect((await request(app).get("/favicon.svg")).status).toBe(200);
    expect((await request(app).get("/api/favicon.svg")).status).toBe(418);
    expect((await request(app).get("/dashboard")).status).toBe(418);
  });

  it("keeps refusing dotfiles and traversal, with or without a compressed twin", async () => {
    for (const url of ["/.env", "/static/../.env", "/static/%2e%2e/.env"]) {
      const res = await request(spaApp()).get(url).set("Accept-Encoding", "br");
      expect(res.text).not.toContain("CANARY");
      expect(res.headers["content-encoding"]).toBeUndefined();
    }
    expect((await request(spaApp()).get("/static/missing-abc.js").set("Accept-Encoding", "br")).status).toBe(404);
  });
});

describe("pages", () => {
  it("sends a visitor the page rendered for the route, compressed when it can be", async () => {
    const landing = await request(spaApp()).get("/").set("Accept-Encoding", "br");
    expect(landing.headers["content-encoding"]).toBe("br");
    expect(landing.headers["content-type"]).toMatch(/^text\/html/);
    expect(landing.text).toContain("<title>landing</title>");
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect(landing.headers["vary"]).toMatch(/Cookie/);
    expect((await request(spaApp()).get("/auth?error=google_auth_failed")).text).toContain("sign in");
  });

  it("sends a signed-in user the page for their type, and index.html where there is none", async () => {
    const client = (url: string) => request(spaApp()).get(url).set("X-Test-User", "client");
    expect((await client("/dashboard")).text).toContain("client shell");
    expect((await client("/")).text).toContain("<title>shell</title>");
    expect((await client("/auth")).text).toContain("<title>shell</title>");
    expect((await request(spaApp()).get("/dashboard").set("X-Test-User", "agent")).text).toContain("shell</title>");
  });

  it("sends index.html for every other route and for names that are not page names", async () => {
    for (const url of ["/dashboard", "/no-such-page", "/pages/visitor/index", "/auth/../auth", "/AUTH"]) {
      const res = await request(spaApp()).get(url);
      expect(res.status).toBe(200);
      expect(res.text).toContain("<title>shell</title>");
    }
  });

  it("answers 404 when the client has not been built", async () => {
    const res = await request(spaApp(path.join(spaDir, "nothing-here"))).get("/dashboard");
    expect(res.status).toBe(404);
  });
});

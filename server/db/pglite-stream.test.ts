import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PGliteBridge } from "./pglite-stream";

/** The in-memory pg ↔ PGlite stream the embedded engine runs on: framing, sessions, outages. */
describe("PGliteBridge", () => {
  let db: PGlite;
  let bridge: PGliteBridge;

  const client = () => new pg.Client({ stream: bridge.connect, user: "postgres", database: "postgres" });

  beforeAll(async () => {
    db = await PGlite.create();
    bridge = new PGliteBridge(db);
    await db.exec("create table notes (id serial primary key, body text not null)");
  });
  afterAll(async () => {
    await db.close();
  });

  it("runs simple, extended and prepared queries, with errors reported and the connection still usable", async () => {
    const c = client();
    await c.connect();
    await c.query("insert into notes (body) values ('Akwaaba'), ('Ɛyɛ')");
    const named = { name: "notes_by_id", text: "select body from notes where id > $1 order by id", values: [0] };
    expect((await c.query(named)).rows).toEqual([{ body: "Akwaaba" }, { body: "Ɛyɛ" }]);
    expect((await c.query(named)).rows).toHaveLength(2); // the second run binds the already parsed statement
    await expect(c.query("select * from no_such_table")).rejects.toMatchObject({ code: "42P01" });
    await expect(c.query({ text: "select $1::int", values: ["x"] })).rejects.toMatchObject({ code: "22P02" });
    expect((await c.query("select count(*)::int as n from notes")).rows).toEqual([{ n: 2 }]);
    await c.end();
  });

  it("reassembles a message split over many writes and answers a batch of queued ones", async () => {
    const c = client();
    await c.connect();
    // 40 queries queued before any answer: pg writes them back to back, the bridge hands them over in batches.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => c.query({ text: "select $1::text as v", values: [`v${i}`] })),
    );
    expect(answers.map((a) => a.rows[0].v)).toEqual(Array.from({ length: 40 }, (_, i) => `v${i}`));
    const long = "ŋ".repeat(200_000); // a 400 kB message: arrives in many chunks when written through a socket
    const stream = bridge.connect();
    const raw = new pg.Client({ stream: () => stream, user: "postgres", database: "postgres" });
    await raw.connect();
    const write = stream.write.bind(stream);
    // Dribble the next query one byte-slice at a time.
    stream.write = ((chunk: Buffer, ...rest: never[]) => {
      for (let i = 0; i < chunk.length; i += 7) write(chunk.subarray(i, i + 7));
      return write(Buffer.alloc(0), ...rest);
    }) as typeof stream.write;
    expect((await raw.query({ text: "select length($1::text) as n", values: [long] })).rows).toEqual([{ n: 200_000 }]);
    await raw.end();
    await c.end();
  });

  it("rolls back a transaction its connection left open, so the next connection does not inherit it", async () => {
    const c = client();
    await c.connect();
    await c.query("begin");
    await c.query("insert into notes (body) values ('half-written')");
    const lost = new Promise((r) => c.on("error", r));
    c.connection.stream.destroy();
    await lost;
    // the bridge rolls the abandoned transaction back once it sees the connection gone
    await vi.waitFor(() => expect(db.isInTransaction()).toBe(false));
    const next = client();
    await next.connect();
    expect((await next.query("select count(*)::int as n from notes where body = 'half-written'")).rows).toEqual([
      { n: 0 },
    ]);
    await next.end();
  });

  it("ends live connections and refuses new ones while paused, as a stopped server would, and recovers", async () => {
    const live = client();
    await live.connect();
    const ended = new Promise((r) => live.on("error", r));
    bridge.pause();
    expect(await ended).toMatchObject({ code: "ECONNRESET" });
    await expect(client().connect()).rejects.toMatchObject({ code: "ECONNREFUSED" });
    bridge.resume();
    const back = client();
    await back.connect();
    expect((await back.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await back.end();
  });
});

/**
 * Test support for the live stream: a Server-Sent Events client over a real HTTP connection (fetch),
 * parsing events as browsers do, and a content fixture listening on a port with a stream opener.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, vi } from "vitest";
import { liveStreamPath } from "@parley/contracts";
import type { DialectName } from "../platform/db/database.ts";
import type { Session } from "./accounts.ts";
import { createContentFixture, type CastMember, type ContentFixture } from "./content.ts";

interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  body: string;
  events: SseEvent[];
  retry: number | null;
  comments: number;
  /** The last `id:` seen (what a browser would send as Last-Event-ID). */
  lastEventID: string | null;
  /** The server ended the stream. */
  ended: boolean;
  /** Waits for the `count`-th event of a type (1 = the first), failing after `timeoutMs`. */
  waitFor(type: string, count?: number, timeoutMs?: number): Promise<SseEvent>;
  /** Events of a type, data parsed. */
  data<T>(type: string): T[];
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController();
  /** Called on each event and at the stream's end, by those waiting for an event. */
  const watchers = new Set<() => void>();
  const notify = () => {
    for (const watcher of watchers) watcher();
  };
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const stream: SseStream = {
    status: response.status,
    headers: response.headers,
    body: "",
    events: [],
    retry: null,
    comments: 0,
    lastEventID: null,
    ended: false,
    waitFor(type, count = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matching = stream.events.filter((event) => event.event === type);
          if (matching.length < count && !stream.ended) return;
          watchers.delete(check);
          clearTimeout(deadline);
          if (matching.length >= count) resolve(matching[count - 1]!);
          else
            reject(new Error(`The stream ended without ${type} event #${count}; got ${JSON.stringify(stream.events)}`));
        };
        const deadline = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`No ${type} event #${count} within ${timeoutMs} ms; got ${JSON.stringify(stream.events)}`));
        }, timeoutMs);
        watchers.add(check);
        check();
      });
    },
    data<T>(type: string) {
      return stream.events.filter((event) => event.event === type).map((event) => JSON.parse(event.data) as T);
    },
    close: () => controller.abort(),
  };
  if (response.status !== 200 || !response.body) {
    stream.body = await response.text();
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          stream.ended = true;
          notify();
          return;
        }
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments += 1;
            else if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
            else if (line.startsWith("retry: ")) stream.retry = Number(line.slice(7));
          }
          if (id !== null) stream.lastEventID = id;
          if (data.length) {
            stream.events.push({ id, event, data: data.join("\n") });
            notify();
          }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}

/**
 * Polls until `check` returns a value other than undefined/false: only for what another connection or
 * process does in its own time (a socket closing, mail over SMTP, Redis's messages); an event is better.
 */
export function eventually<T>(check: () => T | undefined | false, timeoutMs = 3_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = check();
      if (value === undefined || value === false) throw new Error("Condition not met in time.");
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

export interface LiveServer<K extends string> {
  /** The content fixture (set once `beforeAll` has run). */
  readonly f: ContentFixture<K>;
  /** `http://127.0.0.1:<port>` of the listening app. */
  readonly base: string;
  /** Opens the member's stream (query such as `?discussionID=1`, extra headers); closed after the file. */
  connect: (as: Session | null, query?: string, headers?: Record<string, string>) => Promise<SseStream>;
}

/**
 * In a `describe`: the demo community and cast on the engine, served on a real port for the file's
 * tests, with every stream they open closed at the end.
 */
export function useLiveServer<K extends string>(engine: DialectName, cast: Record<K, CastMember>): LiveServer<K> {
  let f: ContentFixture<K> | undefined;
  let base = "";
  const open: SseStream[] = [];
  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    await f.t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    // fetch keeps its sockets alive for 4 s; the server would wait for them.
    f?.t.app.server.closeAllConnections();
    await f?.t.close();
  });
  return {
    get f() {
      if (!f) throw new Error("The live server starts in beforeAll.");
      return f;
    },
    get base() {
      return base;
    },
    async connect(as, query = "", headers = {}) {
      const stream = await openStream(`${base}${liveStreamPath}${query}`, {
        ...(as ? { cookie: as.cookie } : {}),
        ...headers,
      });
      open.push(stream);
      return stream;
    },
  };
}

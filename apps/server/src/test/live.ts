/** Test support: a Server-Sent Events client over a real HTTP connection (fetch), parsing events as browsers do. */

export interface SseEvent {
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
  /** Waits for the `count`-th event of a type (1 = the first), failing after `timeoutMs`. */
  waitFor(type: string, count?: number, timeoutMs?: number): Promise<SseEvent>;
  /** Events of a type, data parsed. */
  data<T>(type: string): T[];
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController();
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
    async waitFor(type, count = 1, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = stream.events.filter((event) => event.event === type);
        if (matching.length >= count) return matching[count - 1]!;
        if (Date.now() > deadline)
          throw new Error(`No ${type} event #${count} within ${timeoutMs} ms; got ${JSON.stringify(stream.events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
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
        if (done) return;
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
          if (data.length) stream.events.push({ id, event, data: data.join("\n") });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return stream;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value other than undefined/false (mail is sent after the answer). */
export async function eventually<T>(check: () => T | undefined | false, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("Condition not met in time.");
    await sleep(20);
  }
}

import http from "node:http";

/**
 * One Server-Sent Events stream held by the benchmark: a raw HTTP request (no pooling agent, so one
 * socket each), read just enough to see its events. `opened` resolves on the first `counts` event (the
 * server sends it once the stream is registered), or rejects when the stream is refused.
 */
export interface HeldStream {
  readonly index: number;
  opened: Promise<void>;
  /** Resolves with `performance.now()` at the next `notification` event on this stream. */
  nextNotification(timeoutMs: number): Promise<number>;
  /** Set when the stream ended while it should have been held. */
  readonly endedEarly: boolean;
  close(): void;
}

export function openStream(options: { index: number; baseUrl: string; path: string; cookie: string }): HeldStream {
  let buffer = "";
  let waiter: ((at: number) => void) | null = null;
  let closing = false;
  let endedEarly = false;
  let openedResolve: () => void = () => undefined;
  let openedReject: (error: Error) => void = () => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    openedResolve = resolve;
    openedReject = reject;
  });

  const url = new URL(options.path, options.baseUrl);
  const request = http.get(
    {
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      agent: false,
      headers: { accept: "text/event-stream", cookie: options.cookie },
    },
    (response) => {
      if (response.statusCode !== 200) {
        openedReject(new Error(`stream ${options.index} answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (\w+)$/m.exec(block)?.[1];
          if (event === "counts") openedResolve();
          else if (event === "notification" && waiter) {
            const resolve = waiter;
            waiter = null;
            resolve(at);
          }
        }
      });
      response.on("close", () => {
        if (!closing) endedEarly = true;
      });
    },
  );
  request.on("error", (error) => {
    if (!closing) {
      endedEarly = true;
      openedReject(error);
    }
  });

  return {
    index: options.index,
    opened,
    get endedEarly() {
      return endedEarly;
    },
    nextNotification(timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiter = null;
          reject(new Error(`no notification on stream ${options.index} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiter = (at) => {
          clearTimeout(timer);
          resolve(at);
        };
      });
    },
    close() {
      closing = true;
      request.destroy();
    },
  };
}

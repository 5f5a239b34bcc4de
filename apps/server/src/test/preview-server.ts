import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The link-preview tests' own web server on 127.0.0.1: Open Graph pages, oEmbed, slow and endless answers,
 * redirects (to itself by another name, to a private address). It counts the requests each path received.
 */
export interface PreviewServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Requests received, by path. */
  hits: Map<string, number>;
  /** Bytes the endless answer wrote before its reader hung up. */
  endlessWritten(): number;
  close(): Promise<void>;
}

const page = (head: string, body = "<p>Hello</p>") =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

export async function startPreviewServer(): Promise<PreviewServer> {
  const hits = new Map<string, number>();
  let endless = 0;
  const held = new Set<http.ServerResponse>();
  let origin = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://test.invalid");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const html = (text: string) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(text);
    };
    switch (url.pathname) {
      case "/og":
        return html(
          page(
            `<title>Plain title</title>
            <meta property="og:title" content="An Open Graph page">
            <meta property="og:description" content="What the page is about &amp; more.">
            <meta property="og:image" content="/picture.png">
            <meta property="og:site_name" content="Test Site">`,
            `<svg><title>Not the title</title></svg>`,
          ),
        );
      case "/twitter":
        return html(
          page(`<meta name="twitter:title" content="A Twitter card"><meta name="description" content="Described.">`),
        );
      case "/oembed-page":
        return html(
          page(
            `<link rel="alternate" type="application/json+oembed" href="${origin}/oembed.json?url=x">` +
              `<meta name="description" content="From the page.">`,
          ),
        );
      case "/oembed.json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            type: "video",
            title: "An oEmbed title",
            author_name: "An author",
            provider_name: "Oembed Provider",
            thumbnail_url: `${origin}/thumb.jpg`,
            html: "<iframe src='https://evil.example'></iframe><script>alert(1)</script>",
          }),
        );
      case "/hostile":
        return html(
          page(
            `<meta property="og:title" content="<script>alert(1)</script>Hostile">
            <meta property="og:description" content="<img src=x onerror=alert(1)>">
            <meta property="og:image" content="javascript:alert(1)">
            <meta property="og:site_name" content='"><b>bold</b>'>`,
          ),
        );
      case "/no-title":
        return html("<!doctype html><p>Nothing here</p>");
      case "/json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{}");
      case "/slow":
        // Answers never: the fetcher's time limit ends the wait (the server lets go when it closes).
        held.add(res);
        return;
      case "/huge":
        res.writeHead(200, { "content-type": "text/html" });
        res.write(page(`<meta property="og:title" content="A huge page">`).replace("</body></html>", ""));
        {
          const chunk = `<p>${"x".repeat(16_000)}</p>`;
          const pump = () => {
            while (!res.destroyed) {
              endless += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", pump);
              if (endless > 100_000_000) return void res.end();
            }
          };
          pump();
        }
        return;
      case "/redirect":
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/og" });
        return res.end();
      case "/loop":
        res.writeHead(301, { location: "/loop" });
        return res.end();
      default:
        res.writeHead(404, { "content-type": "text/html" });
        return res.end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    hits,
    endlessWritten: () => endless,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

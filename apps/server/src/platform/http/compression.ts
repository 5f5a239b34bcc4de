import { pipeline, Readable } from "node:stream";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** What the server encodes answers in, best first (Node 20's zlib has no zstd). */
export type Encoding = "br" | "gzip";
const ENCODINGS: Encoding[] = ["br", "gzip"];

/** Answers smaller than this go as they are: the encoding's own bytes and work would outweigh it. */
const COMPRESS_ABOVE = 1024;

declare module "fastify" {
  interface FastifyInstance {
    /** Whether answers are compressed (`PARLEY_COMPRESS`): the caches' `sendKept` asks it. */
    compressesAnswers: boolean;
  }
}

/**
 * The encoding to answer a request in, from its `Accept-Encoding`: the one it weighs highest among
 * ours (brotli on a tie), `*` standing for those it does not name, nothing for `q=0`; null for none.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(",") : header;
  if (!text) return null;
  const weights = new Map<string, number>();
  for (const part of text.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Types worth compressing: text (event streams never: each event must leave at once), JSON, JS, XML, SVG. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml|[^;]*\+(?:json|xml)\b)/i;

/** Per-request encoders: the quickest settings (brotli 1, gzip 1: nginx's default level). */
const quickBrotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const quickGzip = { level: 1 };

const withVary = (reply: FastifyReply) => {
  const vary = reply.getHeader("vary");
  return reply.header("vary", vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding");
};

/**
 * A text answer this long or longer leaves as bytes. Node writes a large string to a socket far more slowly than the
 * same bytes (measured with node:http on this machine, CPU per answer: 20 kB 0.47 → 0.33 ms, 50 kB 0.77 → 0.46,
 * 100 kB 1.8 → 0.66, a discussion page of 109 kB 2.7 → 0.9 with the encoding included); below a few kB it is the same.
 */
const BYTES_FROM = 8 * 1024;

/** `payload` as bytes when it is a long string (`BYTES_FROM`), else as it is. */
const asBytes = (payload: unknown): unknown =>
  typeof payload === "string" && payload.length >= BYTES_FROM ? Buffer.from(payload) : payload;

/**
 * The route hook, last of every route's: the answer in the accepted encoding when compression is on and it is worth
 * it; otherwise as it is, a long text as bytes (`asBytes`).
 */
export function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  const accepted = request.headers["accept-encoding"];
  if (
    !request.server.compressesAnswers ||
    accepted === undefined ||
    payload === null ||
    payload === undefined ||
    reply.hasHeader("content-encoding")
  )
    return done(null, asBytes(payload));
  const type = reply.getHeader("content-type");
  const status = reply.statusCode;
  if (typeof type !== "string" || !COMPRESSIBLE.test(type) || status === 204 || status === 206 || status === 304)
    return done(null, asBytes(payload));
  const encoding = acceptedEncoding(accepted);
  if (!encoding) return done(null, asBytes(payload));
  if (typeof payload === "string" || Buffer.isBuffer(payload)) {
    if (Buffer.byteLength(payload) < COMPRESS_ABOVE) return done(null, payload);
    const encoded =
      encoding === "br" ? zlib.brotliCompressSync(payload, quickBrotli) : zlib.gzipSync(payload, quickGzip);
    withVary(reply).header("content-encoding", encoding).header("content-length", encoded.length);
    return done(null, encoded);
  }
  if (payload instanceof Readable) {
    // A streamed page (server rendering) or a file without a compressed copy: encoded as it flows.
    const encoder = encoding === "br" ? zlib.createBrotliCompress(quickBrotli) : zlib.createGzip(quickGzip);
    withVary(reply).header("content-encoding", encoding).removeHeader("content-length");
    // An error on either side (the client went away) ends both; Fastify ends the answer.
    pipeline(payload, encoder, () => {});
    return done(null, encoder);
  }
  done(null, payload);
}

/**
 * Compresses what the server answers when the browser accepts it (brotli, else gzip), so a forum
 * served straight from `npm start` does not send its pages, lists and scripts at full size.
 * Answers made per request are encoded at the quickest settings: ≈ 0.1 ms for a 20–50 kB page or
 * list, which shrinks to a seventh. Built assets were compressed at the best settings by the build
 * (`@fastify/static`'s `preCompressed`); cached guest answers once per entry (`sendKept`).
 * `enabled: false` (`PARLEY_COMPRESS=false`) leaves it to a proxy in front.
 *
 * One onSend hook per route, last (route hooks run after the app's, so the guest caches keep the
 * plain answer). Not @fastify/compress: its per-request onRequest hook and checks cost ≈ 18% of a
 * cached list's throughput even for clients that accept no encoding (bench, api-discussions).
 */
export function registerCompression(app: FastifyInstance, enabled: boolean): void {
  app.decorate("compressesAnswers", enabled);
  // Also when compression is off: long texts still leave as bytes.
  app.addHook("onRoute", (route) => {
    const hooks = route.onSend;
    route.onSend = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), compressAnswer];
  });
}

/** The settings for an answer encoded once and kept: a better ratio for ≈ 1 ms once per entry. */
const encodeOnce: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => zlib.gzipSync(body, { level: 6 }),
};

/** A cached answer's encoded copies, made when first asked for (kept with the entry). */
export type EncodedCopies = Partial<Record<Encoding, Buffer>>;

/**
 * Sends a cached answer (a guest page, a guest API answer) in the encoding the request accepts,
 * encoding it once per entry rather than once per request.
 */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  copies: EncodedCopies,
): FastifyReply {
  const encoding = request.server.compressesAnswers ? acceptedEncoding(request.headers["accept-encoding"]) : null;
  if (!encoding || body.byteLength < COMPRESS_ABOVE) return reply.send(body);
  const encoded = (copies[encoding] ??= encodeOnce[encoding](body));
  return withVary(reply).header("content-encoding", encoding).send(encoded);
}

import type { FastifyReply, FastifyRequest } from "fastify";
import { createExpiringMap } from "../expiring-map.ts";
import { sendKept, type EncodedCopies } from "./compression.ts";

/**
 * A kept answer: its UTF-8 bytes (Node writes a long string to a socket several times more slowly than its bytes,
 * `compression.ts`; a string with one character above U+00FF is also kept at two bytes a character), and the bytes
 * compressed per encoding once a request asked for it.
 */
export interface StoredAnswer {
  body: Buffer;
  encoded: EncodedCopies;
}

export interface TimedStoreOptions {
  /** How long an answer is served again. */
  ttlMs: number;
  maxEntries: number;
  /** Bytes held: the answers' and their compressed copies'. */
  maxSize: number;
}

/** The bytes a kept answer holds: its body and its copies. */
const sizeOf = (value: StoredAnswer) =>
  Object.values(value.encoded).reduce((size, copy) => size + (copy?.byteLength ?? 0), value.body.byteLength);

/**
 * Answers kept briefly and served again (guests' pages and API answers), bounded by their number and
 * by their size (`expiring-map.ts`), so a crawler walking every URL of a big forum cannot grow the process.
 * An answer larger than a tenth of `maxSize` is sent but not kept.
 */
export function createTimedStore<V extends StoredAnswer>(options: TimedStoreOptions) {
  const entries = createExpiringMap<V>(options);
  return {
    get: (key: string): V | undefined => entries.get(key),

    set(key: string, value: V): V {
      entries.set(key, value, sizeOf(value));
      return value;
    },

    /** Sends a kept answer in the encoding the request accepts; a new compressed copy counts towards the size. */
    send(request: FastifyRequest, reply: FastifyReply, key: string, value: V): FastifyReply {
      const sent = sendKept(request, reply, value.body, value.encoded);
      entries.resize(key, value, sizeOf(value));
      return sent;
    },

    clear: () => entries.clear(),

    /** Entries and their size now (tests, diagnostics). */
    usage: () => entries.usage(),
  };
}

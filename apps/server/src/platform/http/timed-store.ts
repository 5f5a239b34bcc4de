import type { FastifyReply, FastifyRequest } from "fastify";
import { createExpiringMap } from "../expiring-map.ts";
import { sendText, type EncodedCopies } from "./compression.ts";

/** A kept answer: its text, and the text compressed per encoding once a request asked for it. */
export interface StoredText {
  text: string;
  encoded: EncodedCopies;
}

export interface TimedStoreOptions {
  /** How long an answer is served again. */
  ttlMs: number;
  maxEntries: number;
  /** Bytes held: the texts' and their compressed copies'. */
  maxSize: number;
}

/** A character above U+00FF makes V8 keep the whole string at two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;

/** The bytes a kept answer holds: its text (one or two a character, as V8 stores it) and its copies. */
const sizeOf = (value: StoredText) =>
  Object.values(value.encoded).reduce(
    (size, copy) => size + (copy?.byteLength ?? 0),
    value.text.length * (TWO_BYTE.test(value.text) ? 2 : 1),
  );

/**
 * Answers kept briefly and served again (guests' pages and API answers), bounded by their number and
 * by their size (`expiring-map.ts`), so a crawler walking every URL of a big forum cannot grow the process.
 * An answer larger than a tenth of `maxSize` is sent but not kept.
 */
export function createTimedStore<V extends StoredText>(options: TimedStoreOptions) {
  const entries = createExpiringMap<V>(options);
  return {
    get: (key: string): V | undefined => entries.get(key),

    set(key: string, value: V): V {
      entries.set(key, value, sizeOf(value));
      return value;
    },

    /** Sends a kept answer in the encoding the request accepts; a new copy (compressed, or its bytes) counts towards the size. */
    send(request: FastifyRequest, reply: FastifyReply, key: string, value: V): FastifyReply {
      const copies = Object.keys(value.encoded).length;
      const sent = sendText(request, reply, value.text, value.encoded);
      // Sizing scans the text: only when a copy was added.
      if (Object.keys(value.encoded).length !== copies) entries.resize(key, value, sizeOf(value));
      return sent;
    },

    clear: () => entries.clear(),

    /** Entries and their size now (tests, diagnostics). */
    usage: () => entries.usage(),
  };
}

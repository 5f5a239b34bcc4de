import type { FastifyReply, FastifyRequest } from "fastify";
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
 * by their size, so a crawler walking every URL of a big forum cannot grow the process: one time to
 * live for all, so entries expire in the order they came, and each new one first drops the expired
 * ones before it, then the oldest while over either bound. An answer larger than a tenth of
 * `maxSize` is sent but not kept.
 */
export function createTimedStore<V extends StoredText>(options: TimedStoreOptions) {
  const entries = new Map<string, { value: V; expires: number; size: number }>();
  let size = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    size -= entry.size;
    entries.delete(key);
  };
  const trim = (now: number) => {
    for (const [key, entry] of entries) {
      if (entry.expires > now && entries.size <= options.maxEntries && size <= options.maxSize) break;
      drop(key);
    }
  };

  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        drop(key);
        return undefined;
      }
      return entry.value;
    },

    set(key: string, value: V): V {
      drop(key);
      const entrySize = sizeOf(value);
      if (entrySize > options.maxSize / 10) return value;
      const now = Date.now();
      entries.set(key, { value, expires: now + options.ttlMs, size: entrySize });
      size += entrySize;
      trim(now);
      return value;
    },

    /** Sends a kept answer in the encoding the request accepts; a new compressed copy counts towards the size. */
    send(request: FastifyRequest, reply: FastifyReply, key: string, value: V): FastifyReply {
      const sent = sendText(request, reply, value.text, value.encoded);
      const entry = entries.get(key);
      if (entry?.value === value) {
        const grown = sizeOf(value);
        size += grown - entry.size;
        entry.size = grown;
        if (size > options.maxSize) trim(Date.now());
      }
      return sent;
    },

    clear(): void {
      entries.clear();
      size = 0;
    },

    /** Entries and their size now (tests, diagnostics). */
    usage: () => ({ entries: entries.size, size }),
  };
}

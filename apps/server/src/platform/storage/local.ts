import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { checkKey, type ObjectInfo, type SizedStream, type Storage } from "./storage.ts";

/** The local disk keeps no type: an image's from its extension, anything else a download's. */
const typesByExtension: Record<string, string> = {
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};
const typeOf = (key: string) => typesByExtension[path.extname(key).slice(1)] ?? "application/octet-stream";

const missing = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR";

/**
 * Objects as files under `root` (`<dataDir>/uploads/<key>`). A write goes to `root/.incoming` first and is renamed
 * into place, so a reader never sees half a file.
 */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, checkKey(key));

  async function stat(key: string): Promise<ObjectInfo | null> {
    try {
      const found = await fs.promises.stat(fileOf(key));
      return found.isFile() ? { size: found.size, contentType: typeOf(key) } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  return {
    describe: root,

    async put(key: string, body: Buffer | SizedStream, _contentType: string): Promise<void> {
      const file = fileOf(key);
      const incoming = path.join(root, ".incoming");
      await fs.promises.mkdir(incoming, { recursive: true });
      const temporary = path.join(incoming, randomBytes(16).toString("hex"));
      try {
        if (Buffer.isBuffer(body)) await fs.promises.writeFile(temporary, body, { flag: "wx" });
        else await pipeline(body.stream, fs.createWriteStream(temporary, { flags: "wx" }));
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.rename(temporary, file);
      } finally {
        await fs.promises.rm(temporary, { force: true });
      }
    },

    async get(key: string) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), "r");
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const found = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!found.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: found.size, contentType: typeOf(key) };
    },

    head: stat,

    async delete(key: string): Promise<void> {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    close() {},
  };
}

import { describe, expect, it, vi } from "vitest";
import { formatFileSize, uploadDefaults } from "@parley/contracts/uploads";
import { ApiError } from "../../lib/api.ts";
import { checkFile, uploadMedia } from "./editor.api.ts";

const media = {
  mediaID: 4,
  url: "http://forum.example/uploads/2025/01/0123456789abcdef0123456789abcdef.png",
  name: "photo.png",
  type: "image/png",
  size: 70,
  width: 1,
  height: 1,
  dateInserted: "2025-01-01T00:00:00+00:00",
  insertUserID: 2,
  foreignType: null,
  foreignID: null,
};

describe("file sizes", () => {
  it("are base 1024 with 2 decimals (spec §9)", () => {
    expect(formatFileSize(0)).toBe("0.00 B");
    expect(formatFileSize(1023)).toBe("1023.00 B");
    expect(formatFileSize(1536)).toBe("1.50 KB");
    expect(formatFileSize(50 * 1024 * 1024)).toBe("50.00 MB");
    expect(formatFileSize(3 * 1024 ** 4)).toBe("3.00 TB");
  });
});

describe("client-side upload checks (spec §5)", () => {
  it("refuses files over the maximum with the readable size", () => {
    expect(checkFile({ name: "big.png", size: uploadDefaults.maxSize + 1 }, uploadDefaults)).toBe(
      "The uploaded file was too big (max 50.00 MB).",
    );
    expect(checkFile({ name: "ok.png", size: uploadDefaults.maxSize }, uploadDefaults)).toBeNull();
  });

  it("compares extensions case-insensitively and lists the allowed ones", () => {
    const limits = { maxSize: 1000, allowedExtensions: ["png", "pdf", "tar.gz"] };
    expect(checkFile({ name: "A.PNG", size: 1 }, limits)).toBeNull();
    expect(checkFile({ name: "backup.TAR.GZ", size: 1 }, limits)).toBeNull();
    for (const name of ["page.html", "png", "x.svg"]) {
      expect(checkFile({ name, size: 1 }, limits)).toBe(
        "The uploaded file did not have an allowed extension. Allowed extensions: png, pdf, tar.gz.",
      );
    }
  });
});

describe("uploadMedia", () => {
  const file = () => new File([new Uint8Array([137, 80, 78, 71])], "photo.png", { type: "image/png" });

  it("posts the file as multipart with the requester header and returns the media record", async () => {
    const fetcher = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(media), { status: 201 }));
    await expect(uploadMedia(file(), uploadDefaults, fetcher)).resolves.toEqual(media);
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe("/api/v2/media");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "same-origin",
      headers: { "X-Requested-With": "vanilla" },
    });
    const body = init!.body as FormData;
    expect(body.get("file")).toBeInstanceOf(File);
    expect((body.get("file") as File).name).toBe("photo.png");
  });

  it("never sends a file that fails the checks", async () => {
    const fetcher = vi.fn<typeof fetch>();
    const error = await uploadMedia(file(), { maxSize: 2, allowedExtensions: ["png"] }, fetcher).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("The uploaded file was too big (max 2.00 B).");
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("turns the server's refusal into an ApiError with its field message", async () => {
    const refusal = {
      message: "Validation failed.",
      status: 422,
      description: null,
      errors: [{ field: "file", code: "invalid", message: "The uploaded file is not a valid image.", status: 422 }],
    };
    const fetcher = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(refusal), { status: 422 }));
    const error = (await uploadMedia(file(), uploadDefaults, fetcher).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.errors["file"]?.[0]?.message).toBe("The uploaded file is not a valid image.");
  });
});

import { queryOptions } from "@tanstack/react-query";
import type { Media } from "@parley/contracts";
import { checkUpload, uploadDefaults, uploadMessages, type UploadLimits } from "@parley/contracts/uploads";
import { ApiError, type ApiClient } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";

const mediaKeys = {
  all: ["media"] as const,
  uploadLimits: () => [...mediaKeys.all, "upload-limits"] as const,
};

/** The site's upload limits (the defaults until they arrive). */
export const uploadLimitsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: mediaKeys.uploadLimits(),
    queryFn: async ({ signal }) => (await api.get<UploadLimits>("/media/upload-limits", undefined, signal)).data,
    placeholderData: uploadDefaults,
  });

/** Spec §5's client-side check, in the reader's language: null when the file may be sent. */
export const checkFile = (file: { name: string; size: number }, limits: UploadLimits): string | null =>
  checkUpload(file, limits, { tooBig: t(uploadMessages.tooBig), badExtension: t(uploadMessages.badExtension) });

/**
 * `POST /api/v2/media` as multipart: the transport's conventions (same-origin credentials, the
 * requester header that passes the CSRF check), the browser setting the multipart boundary.
 */
export async function uploadMedia(file: File, limits: UploadLimits, fetcher: typeof fetch = fetch): Promise<Media> {
  const problem = checkFile(file, limits);
  if (problem) throw new ApiError(422, { message: problem, status: 422, description: null });
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await fetcher("/api/v2/media", {
    method: "POST",
    credentials: "same-origin",
    headers: { "X-Requested-With": "vanilla" },
    body: form,
  });
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiError(response.status, body as ConstructorParameters<typeof ApiError>[1]);
  return body as Media;
}

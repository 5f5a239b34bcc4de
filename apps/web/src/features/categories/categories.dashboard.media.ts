import type { CategoryPatch, Media } from "@parley/contracts";
import { discussionTypes } from "@parley/contracts/categories-constants";
import type { ApiClient } from "../../lib/api.ts";
import { formValue } from "../../lib/forms.ts";

/** The form's images, each a file to upload (its field named as the form's), or "Remove" checked. */
const imageFields = [
  { name: "icon", field: "iconUrl" },
  { name: "banner", field: "bannerUrl" },
] as const;

/** The checked "Allowed post types": null when every type is (the category then takes future types too). */
export function allowedTypesOf(form: FormData): string[] | null {
  const checked = form.getAll("allowedDiscussionTypes").map(String);
  return discussionTypes.every((type) => checked.includes(type)) ? null : checked;
}

/** A refusal of one of the form's uploads: the API's message beside that file's field. */
export class ImageRefused extends Error {
  constructor(
    readonly field: "icon" | "banner",
    override readonly cause: unknown,
  ) {
    super(field);
  }
}

/**
 * Uploads the form's icon and banner (`POST /media` with foreignType category: images only) and answers the fields
 * they set (an address, or null when "Remove" is checked); what is neither stays as it is. `uploaded`: the media to
 * delete when the category's own write is refused after all.
 */
export async function categoryImages(
  api: ApiClient,
  form: FormData,
  categoryID: number | null,
): Promise<{ changes: Pick<CategoryPatch, "iconUrl" | "bannerUrl">; uploaded: number[] }> {
  const changes: Pick<CategoryPatch, "iconUrl" | "bannerUrl"> = {};
  const uploaded: number[] = [];
  for (const { name, field } of imageFields) {
    const file = form.get(name);
    if (file instanceof File && file.size > 0) {
      const body = new FormData();
      body.append("foreignType", "category");
      if (categoryID !== null) body.append("foreignID", String(categoryID));
      body.append("file", file, file.name);
      try {
        const media = (await api.request<Media>({ method: "POST", path: "/media", body })).data;
        uploaded.push(media.mediaID);
        changes[field] = new URL(media.url).pathname;
      } catch (error) {
        await removeUploads(api, uploaded);
        throw new ImageRefused(name, error);
      }
    } else if (formValue(form, `remove-${name}`) === "1") {
      changes[field] = null;
    }
  }
  return { changes, uploaded };
}

/** Deletes uploads the category did not take (its write was refused): none is left behind. */
export async function removeUploads(api: ApiClient, mediaIDs: number[]): Promise<void> {
  for (const mediaID of mediaIDs) await api.request({ method: "DELETE", path: `/media/${mediaID}` }).catch(() => null);
}

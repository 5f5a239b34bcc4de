import type { Tag } from "@parley/contracts";
import type { ApiClient } from "../../../lib/api.ts";

/**
 * Tag names → the ids of the tags that have those names (any case), and the names no tag has yet,
 * for `POST /discussions` (`tagIDs`, `newTagNames`): members may use existing tags without tags.add.
 */
export async function resolveTagNames(
  api: ApiClient,
  names: string[],
): Promise<{ tagIDs: number[]; newTagNames: string[] }> {
  const found = await Promise.all(
    names.map(async (name) => {
      const { data } = await api.get<Tag[]>("/tags", { query: name });
      return data.find((tag) => tag.name.trim().toLowerCase() === name.toLowerCase());
    }),
  );
  return {
    tagIDs: found.flatMap((tag) => (tag ? [tag.tagID] : [])),
    newTagNames: names.filter((_, index) => !found[index]),
  };
}

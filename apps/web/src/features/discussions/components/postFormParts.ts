import { useEffect, useState } from "react";

/**
 * The new-post form's React Aria pickers, in a chunk of their own: the server renders plain fields,
 * and this is fetched once the form has hydrated, so reading pages never load it.
 */
const loadPostFormParts = async () => {
  const [category, tags] = await Promise.all([import("./CategoryComboBox.tsx"), import("./TagsComboBox.tsx")]);
  return { CategoryComboBox: category.CategoryComboBox, TagsComboBox: tags.TagsComboBox };
};

export type PostFormParts = Awaited<ReturnType<typeof loadPostFormParts>>;

/** The pickers once loaded (after hydration); null before, and for good if the chunk cannot load. */
export function usePostFormParts(): PostFormParts | null {
  const [parts, setParts] = useState<PostFormParts | null>(null);
  useEffect(() => {
    let live = true;
    loadPostFormParts().then(
      (loaded) => {
        if (live) setParts(loaded);
      },
      () => undefined, // Offline or a new deployment: the plain fields keep working.
    );
    return () => {
      live = false;
    };
  }, []);
  return parts;
}

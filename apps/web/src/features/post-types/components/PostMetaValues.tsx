import { useSuspenseQuery } from "@tanstack/react-query";
import type { PostMeta } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { displayValue } from "../../../lib/field-values.ts";
import { postFieldsQuery } from "../post-types.queries.ts";
import styles from "./PostMetaValues.module.css";

/**
 * A post's field values under it, in its type's order: those the server gave the viewer (public ones to every
 * reader, private ones to the author and moderators, internal ones to moderators).
 */
export function PostMetaValues({ postTypeID, postMeta }: { postTypeID: string; postMeta: PostMeta }) {
  const api = useApi();
  const { data: fields } = useSuspenseQuery(postFieldsQuery(api, postTypeID));
  const shown = fields.flatMap((field) => {
    const text = displayValue(field, postMeta[field.postFieldID]);
    return text ? [{ field, text }] : [];
  });
  if (!shown.length) return null;
  return (
    <dl className={styles.values} aria-label={t("Details")} data-post-meta="">
      {shown.map(({ field, text }) => (
        <div key={field.postFieldID} data-field={field.postFieldID}>
          <dt>{field.label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}

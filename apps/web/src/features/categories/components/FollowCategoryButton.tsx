import { useQuery } from "../../../lib/query.ts";
import type { Category } from "@parley/contracts";
import { useApi } from "../../../lib/api-context.tsx";
import { t } from "../../../lib/i18n.ts";
import { buttonLook } from "../../../ui/button/Button.tsx";
import { meQuery } from "../../users/index.ts";
import { useFollowCategory } from "./useFollowCategory.ts";
import styles from "./FollowCategoryButton.module.css";

/**
 * The Follow / Following toggle of a category (reference §5 `PUT /categories/{id}/follow`): a native toggle
 * button (aria-pressed; Enter and Space), optimistic with rollback. A guest sees none, and only a category
 * that lists discussions can be newly followed (one followed before can still be unfollowed).
 */
export function FollowCategoryButton({
  category,
  size = "default",
}: {
  category: Pick<Category, "categoryID" | "name" | "followed" | "displayAs">;
  size?: "default" | "compact";
}) {
  const api = useApi();
  const { data: me } = useQuery(meQuery(api));
  const follow = useFollowCategory(category.categoryID);
  if (!me || me.userID === 0) return null;
  if (category.displayAs !== "discussions" && !category.followed) return null;
  const followed = category.followed;
  return (
    <button
      type="button"
      aria-pressed={followed}
      aria-label={
        followed ? t("Following {name}", { name: category.name }) : t("Follow {name}", { name: category.name })
      }
      data-state={follow.isPending ? "pending" : followed ? "followed" : "normal"}
      onClick={() => {
        if (!follow.isPending) follow.mutate(!followed);
      }}
      {...buttonLook({
        buttonType: followed ? "primary" : "outline",
        size: size === "compact" ? "medium" : "default",
        className: styles.follow,
      })}
    >
      {followed ? t("Following") : t("Follow")}
    </button>
  );
}

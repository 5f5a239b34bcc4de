import { Breadcrumbs } from "../../../ui/breadcrumbs/Breadcrumbs.tsx";
import type { Breadcrumb } from "../knowledge.urls.ts";

/** Knowledge Base › the base › its categories, then the page itself (not a link). */
export function KnowledgeBreadcrumbs({ crumbs, current }: { crumbs: readonly Breadcrumb[]; current: string }) {
  return <Breadcrumbs crumbs={crumbs} current={current} />;
}

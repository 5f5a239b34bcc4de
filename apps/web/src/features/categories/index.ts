/** The categories' surface for other features: the category queries and the category page's parts (the layouts place them). */
export { categoryListQuery } from "./categories.queries.ts";
export { categoryWidgets } from "./categories.widgets.tsx";

import { widgetCatalogue, type Widget } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { layoutsPolicy } from "./layouts.policy.ts";

/** A catalogue entry as `GET /widgets` answers it. */
const present = (entry: (typeof widgetCatalogue)[number]): Widget => ({
  widgetID: entry.name,
  name: entry.name,
  description: entry.description,
  schema: entry.props as unknown as Record<string, unknown>,
});

/** `GET /widgets` and `GET /widgets/{name}`: the layout widgets' catalogue, for those who manage the site. */
export const widgetsService = {
  list(context: RequestContext): Widget[] {
    requireAccess(context.viewer, layoutsPolicy.canReadWidgets);
    return widgetCatalogue.map(present);
  },
  get(name: string, context: RequestContext): Widget {
    requireAccess(context.viewer, layoutsPolicy.canReadWidgets);
    const entry = widgetCatalogue.find((item) => item.name === name);
    if (!entry) throw notFound("Widget");
    return present(entry);
  },
};

import {
  LayoutViewType,
  WidgetMiddleware,
  widgetCatalogue,
  type FieldError,
  type LayoutCatalog,
  type LayoutViewType as ViewType,
  type LayoutWidget,
  type WidgetName,
} from "@parley/contracts";
import { Type, type TSchema } from "typebox";
import { Value } from "typebox/value";
import { fieldError } from "../../platform/errors.ts";

/*
 * What an operator's layout may hold (issue 38, Vanilla's `GET /layouts/catalog`): sections, widgets whose props
 * the layout gives, and assets, the page's own widgets (its discussion list, its discussion…) whose record-bound
 * props the page supplies when it is hydrated. A layout's widgets are checked against the typed contract's schemas.
 */

const layoutViewTypes: readonly ViewType[] = LayoutViewType.enum;

export const isLayoutViewType = (value: string): value is ViewType => (layoutViewTypes as string[]).includes(value);

/** The assets each view type's pages supply (a category's page: the list, its header and breadcrumbs). */
const viewAssets: Record<ViewType, readonly WidgetName[]> = {
  home: ["react.asset.discussionList"],
  subcommunityHome: ["react.asset.discussionList"],
  discussionList: ["react.asset.discussionList"],
  categoryList: ["react.asset.discussionList", "react.asset.categoryHeader", "react.breadcrumbs"],
  post: ["react.asset.discussion"],
  createPost: ["react.asset.createPost"],
  customPage: ["react.asset.customPageHead"],
};
const assetNames = new Set<WidgetName>(Object.values(viewAssets).flat());
const isSection = (name: string) => name.startsWith("react.section.");
const isAsset = (name: string): boolean => assetNames.has(name as WidgetName);

/** The params a view type's pages are hydrated with (`params[...]` of the lookup). */
const layoutParams: Record<ViewType, Record<string, TSchema>> = {
  home: { locale: Type.String() },
  subcommunityHome: { locale: Type.String() },
  discussionList: {
    locale: Type.String(),
    page: Type.Integer({ minimum: 1 }),
    sort: Type.String(),
    list: Type.String(),
    tag: Type.String(),
  },
  categoryList: { locale: Type.String(), "category/categoryID": Type.Integer(), page: Type.Integer({ minimum: 1 }) },
  post: { locale: Type.String(), "discussion/discussionID": Type.Integer(), page: Type.Integer({ minimum: 1 }) },
  createPost: { locale: Type.String(), postType: Type.String(), "category/categoryID": Type.Integer() },
  customPage: { locale: Type.String(), "customPage/customPageID": Type.Integer() },
};

const json = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/** `GET /layouts/catalog?layoutViewType=`. */
export function catalogOf(viewType: ViewType): LayoutCatalog {
  const entries = (keep: (name: WidgetName) => boolean) =>
    Object.fromEntries(
      widgetCatalogue
        .filter((entry) => keep(entry.name))
        .map((entry) => [
          entry.name,
          { $reactComponent: entry.name, description: entry.description, schema: json(entry.props) },
        ]),
    );
  return {
    layoutViewType: viewType,
    layoutParams: Object.fromEntries(
      Object.entries(layoutParams[viewType]).map(([name, schema]) => [name, { schema: json(schema) }]),
    ),
    sections: entries(isSection),
    widgets: entries((name) => !isSection(name) && !isAsset(name)),
    assets: entries((name) => viewAssets[viewType].includes(name)),
    middlewares: { visibility: { schema: json(WidgetMiddleware.properties.visibility) } },
  };
}

/** `GET /layouts/schema?layoutViewType=`: a layout as a JSON schema (its widgets as definitions). */
export function layoutSchemaOf(viewType: ViewType): Record<string, unknown> {
  const catalog = catalogOf(viewType);
  const widgetRef = (name: string) => ({ $ref: `#/$defs/${name}` });
  const definition = (name: string, props: unknown) => ({
    type: "object",
    properties: {
      $reactComponent: { const: name },
      $reactProps: props,
      $middleware: json(WidgetMiddleware),
    },
    required: ["$reactComponent"],
    additionalProperties: false,
  });
  const inSlot = [...Object.keys(catalog.widgets), ...Object.keys(catalog.assets)];
  const slot = { type: "array", items: { anyOf: inSlot.map(widgetRef) } };
  const $defs: Record<string, unknown> = Object.fromEntries<unknown>([
    ...inSlot.map((name): [string, unknown] => [
      name,
      definition(name, (catalog.widgets[name] ?? catalog.assets[name])!.schema),
    ]),
    ...Object.entries(catalog.sections).map(([name, entry]): [string, unknown] => {
      const slots = Object.keys((entry.schema["properties"] as Record<string, unknown>) ?? {});
      return [
        name,
        definition(name, {
          type: "object",
          properties: Object.fromEntries(slots.map((key) => [key, slot])),
          additionalProperties: false,
        }),
      ];
    }),
  ]);
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "array",
    items: { anyOf: [...Object.keys(catalog.sections), ...inSlot].map(widgetRef) },
    $defs,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const pointerToPath = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join("");

/** The schema errors of a value, each at its field's path under `base`. */
function schemaErrors(schema: TSchema, value: unknown, base: string): FieldError[] {
  return [...Value.Errors(schema, value)].flatMap((error): FieldError[] => {
    const at = base + pointerToPath(error.instancePath);
    const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    if (error.keyword === "boolean") return [];
    if (error.keyword === "required" && params.requiredProperties)
      return params.requiredProperties.map((name) =>
        fieldError(`${at}.${name}`, "missingField", `${at}.${name} is required.`, 422),
      );
    if (error.keyword === "additionalProperties" && params.additionalProperties)
      return params.additionalProperties.map((name) =>
        fieldError(`${at}.${name}`, "invalid", `${at}.${name} is not a property of this widget.`, 422),
      );
    return [fieldError(at, "invalid", `${at} ${error.message}.`, 422)];
  });
}

const partialProps = new Map<WidgetName, TSchema>();
/** An asset's props: any of its schema's (the page supplies the record-bound ones). */
const assetProps = (name: WidgetName, props: TSchema) => {
  let schema = partialProps.get(name);
  if (!schema) {
    schema = Type.Partial(props, { additionalProperties: false });
    partialProps.set(name, schema);
  }
  return schema;
};

const widgetKeys = new Set(["$reactComponent", "$hydrate", "$reactProps", "$middleware"]);

/**
 * A layout of a view type, checked widget by widget against the catalogue: the widgets in their hydrated form
 * (`$hydrate` is taken for `$reactComponent`, as Vanilla names it), or the errors, each at its field's path.
 */
export function checkLayout(
  viewType: ViewType,
  layout: readonly unknown[],
  base = "layout",
): { widgets: LayoutWidget[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const walk = (node: unknown, path: string, inSection: boolean): LayoutWidget | null => {
    if (!isRecord(node)) {
      errors.push(fieldError(path, "invalid", `${path} is not a widget.`, 422));
      return null;
    }
    const name = node["$reactComponent"] ?? node["$hydrate"];
    if (typeof name !== "string") {
      errors.push(fieldError(`${path}.$reactComponent`, "missingField", `${path}.$reactComponent is required.`, 422));
      return null;
    }
    const entry = widgetCatalogue.find((item) => item.name === name);
    if (!entry) {
      errors.push(
        fieldError(`${path}.$reactComponent`, "invalid", `There is no widget "${name}" in the catalogue.`, 422),
      );
      return null;
    }
    for (const key of Object.keys(node))
      if (!widgetKeys.has(key))
        errors.push(fieldError(`${path}.${key}`, "invalid", `${path}.${key} is not a property of a widget.`, 422));
    const middleware = node["$middleware"];
    if (middleware !== undefined) errors.push(...schemaErrors(WidgetMiddleware, middleware, `${path}.$middleware`));
    const props = node["$reactProps"] ?? {};
    const propsPath = `${path}.$reactProps`;
    let checked: Record<string, unknown> = isRecord(props) ? props : {};
    if (!isRecord(props)) errors.push(fieldError(propsPath, "invalid", `${propsPath} must be an object.`, 422));
    else if (isSection(name)) {
      if (inSection)
        errors.push(fieldError(`${path}.$reactComponent`, "invalid", `A section can't hold a section (${name}).`, 422));
      const slots = (entry.props as TSchema & { properties: Record<string, unknown> }).properties;
      checked = {};
      for (const [slot, children] of Object.entries(props)) {
        if (!(slot in slots)) {
          errors.push(fieldError(`${propsPath}.${slot}`, "invalid", `${name} has no slot "${slot}".`, 422));
        } else if (!Array.isArray(children)) {
          errors.push(fieldError(`${propsPath}.${slot}`, "invalid", `${propsPath}.${slot} must be a list.`, 422));
        } else {
          checked[slot] = children.map((child, index) => walk(child, `${propsPath}.${slot}[${index}]`, true));
        }
      }
    } else if (isAsset(name)) {
      if (!viewAssets[viewType].includes(entry.name))
        errors.push(
          fieldError(
            `${path}.$reactComponent`,
            "invalid",
            `The asset "${name}" is not part of a ${viewType} page: it can't be in its layout.`,
            422,
          ),
        );
      errors.push(...schemaErrors(assetProps(entry.name, entry.props), props, propsPath));
    } else {
      errors.push(...schemaErrors(entry.props, props, propsPath));
      // A text widget's HTML is the server's own rendering of its body, made when the layout is hydrated.
      if (name === "react.html")
        checked = Object.fromEntries(Object.entries(props).filter(([key]) => key !== "bodyHtml"));
    }
    return {
      $reactComponent: name,
      $reactProps: checked,
      ...(middleware !== undefined ? { $middleware: middleware } : {}),
    } as LayoutWidget;
  };
  const widgets = layout.map((node, index) => walk(node, `${base}[${index}]`, false));
  return { widgets: widgets as LayoutWidget[], errors };
}

/**
 * A hydrated layout's text widgets (`react.html` with a `body`) with their body rendered by `render` (the posts'
 * pipeline and its one sanitiser) into `bodyHtml`, sections' slots included; any other `bodyHtml` is dropped.
 */
export function renderTextWidgets(
  widgets: readonly LayoutWidget[],
  render: (body: string, format: "markdown" | "html" | "text") => string,
): LayoutWidget[] {
  return widgets.map((widget): LayoutWidget => {
    if (isSection(widget.$reactComponent)) {
      const slots = Object.entries(widget.$reactProps as Record<string, LayoutWidget[]>);
      return {
        ...widget,
        $reactProps: Object.fromEntries(slots.map(([slot, children]) => [slot, renderTextWidgets(children, render)])),
      } as LayoutWidget;
    }
    if (widget.$reactComponent !== "react.html") return widget;
    const { bodyHtml: _dropped, ...props } = widget.$reactProps;
    return {
      ...widget,
      $reactProps: props.body ? { ...props, bodyHtml: render(props.body, props.format ?? "markdown") } : props,
    };
  });
}

/** The first widget of a name in a tree (depth first), sections' slots included. */
function findWidget(widgets: readonly LayoutWidget[], name: string): LayoutWidget | undefined {
  for (const widget of widgets) {
    if (widget.$reactComponent === name) return widget;
    if (isSection(widget.$reactComponent))
      for (const value of Object.values(widget.$reactProps as Record<string, LayoutWidget[] | undefined>)) {
        const found = value && findWidget(value, name);
        if (found) return found;
      }
  }
  return undefined;
}

/**
 * A stored layout hydrated for a page: its assets take their record-bound props from the page's default layout
 * (`page`), the props the operator gave filling the rest; an asset the page has none of is left out.
 */
export function hydrateStored(stored: readonly LayoutWidget[], page: readonly LayoutWidget[]): LayoutWidget[] {
  const hydrate = (widgets: readonly LayoutWidget[]): LayoutWidget[] =>
    widgets.flatMap((widget): LayoutWidget[] => {
      if (isSection(widget.$reactComponent)) {
        const slots = Object.entries(widget.$reactProps as Record<string, LayoutWidget[]>);
        return [
          {
            ...widget,
            $reactProps: Object.fromEntries(slots.map(([slot, children]) => [slot, hydrate(children)])),
          } as LayoutWidget,
        ];
      }
      if (!isAsset(widget.$reactComponent)) return [widget];
      const supplied = findWidget(page, widget.$reactComponent);
      if (!supplied) return [];
      return [{ ...widget, $reactProps: { ...widget.$reactProps, ...supplied.$reactProps } } as LayoutWidget];
    });
  return hydrate(stored);
}

/** A default layout as an operator starts from it: its assets without the page's props. */
export function editableLayout(widgets: readonly LayoutWidget[]): LayoutWidget[] {
  return widgets.map((widget) => {
    if (isSection(widget.$reactComponent)) {
      const slots = Object.entries(widget.$reactProps as Record<string, LayoutWidget[]>);
      return {
        ...widget,
        $reactProps: Object.fromEntries(slots.map(([slot, children]) => [slot, editableLayout(children)])),
      } as LayoutWidget;
    }
    return (isAsset(widget.$reactComponent) ? { ...widget, $reactProps: {} } : widget) as LayoutWidget;
  });
}

/** The list widgets whose records a subcommunity's pages narrow to its own (`apiParams.siteSectionID`). */
const sectionScoped = new Set<string>([
  "react.asset.discussionList",
  "react.asset.categoryList",
  "react.discussion.discussions",
  "react.categories",
]);

/** The panel widgets a subcommunity's pages narrow to its own categories (their `siteSectionID` prop). */
const sectionPanels = new Set<string>(["react.popularTags", "react.leaderboard"]);

/** A subcommunity as its pages' widgets show it: its id, its name and its root category's description. */
export interface SectionScope {
  siteSectionID: string;
  name: string;
  /** Its root category's description (subcommunities have none of their own); null when it has none. */
  description: string | null;
}

/**
 * A subcommunity's page (issue 40): every list widget of the layout, the default's or an operator's, reads the
 * section's content only, as do its popular tags and leaderboards; a banner without its own title and description
 * shows the section's (its name, its root category's description) instead of the site's. Other widgets are left as
 * they are.
 */
export function scopeToSection(widgets: readonly LayoutWidget[], scope: SectionScope): LayoutWidget[] {
  const { siteSectionID } = scope;
  return widgets.map((widget) => {
    if (isSection(widget.$reactComponent)) {
      const slots = Object.entries(widget.$reactProps as Record<string, LayoutWidget[]>);
      return {
        ...widget,
        $reactProps: Object.fromEntries(slots.map(([slot, children]) => [slot, scopeToSection(children, scope)])),
      } as LayoutWidget;
    }
    if (widget.$reactComponent === "react.banner") {
      const props = widget.$reactProps;
      return {
        ...widget,
        $reactProps: {
          ...props,
          title: props.title ?? scope.name,
          ...(props.description === undefined ? { description: scope.description ?? "" } : {}),
        },
      };
    }
    if (sectionPanels.has(widget.$reactComponent))
      return { ...widget, $reactProps: { ...widget.$reactProps, siteSectionID } } as LayoutWidget;
    const props = widget.$reactProps as { apiParams?: Record<string, unknown> };
    if (!sectionScoped.has(widget.$reactComponent) || typeof props.apiParams !== "object") return widget;
    return { ...widget, $reactProps: { ...props, apiParams: { ...props.apiParams, siteSectionID } } } as LayoutWidget;
  });
}

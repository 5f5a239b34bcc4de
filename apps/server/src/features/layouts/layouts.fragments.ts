import type { LayoutWidget, WidgetProps } from "@parley/contracts";

type FragmentImpl = WidgetProps<"react.customFragment">["fragmentImpl"];

/**
 * The page's fragments (`react.customFragment`, anywhere in its sections) with their active revision's
 * implementation, as the page shows them: only the fragment's id when it has none (the page says it could not be
 * loaded). Each fragment is looked up once per page.
 */
export async function withFragments(
  widgets: readonly LayoutWidget[],
  implOf: (fragmentUUID: string) => Promise<Omit<FragmentImpl, "fragmentUUID"> | null>,
): Promise<LayoutWidget[]> {
  const found = new Map<string, ReturnType<typeof implOf>>();
  const resolve = (fragmentUUID: string) => {
    let pending = found.get(fragmentUUID);
    if (!pending) {
      pending = implOf(fragmentUUID);
      found.set(fragmentUUID, pending);
    }
    return pending;
  };
  const walk = (list: readonly LayoutWidget[]): Promise<LayoutWidget[]> =>
    Promise.all(
      list.map(async (widget): Promise<LayoutWidget> => {
        if (widget.$reactComponent === "react.customFragment") {
          const { fragmentUUID } = widget.$reactProps.fragmentImpl;
          const impl = await resolve(fragmentUUID);
          return { ...widget, $reactProps: { ...widget.$reactProps, fragmentImpl: { ...impl, fragmentUUID } } };
        }
        if (!widget.$reactComponent.startsWith("react.section.")) return widget;
        const slots = Object.entries(widget.$reactProps as Record<string, LayoutWidget[] | undefined>);
        const walked = await Promise.all(
          slots.map(async ([slot, children]) => [slot, children ? await walk(children) : children] as const),
        );
        return { ...widget, $reactProps: Object.fromEntries(walked) } as LayoutWidget;
      }),
    );
  const hasFragment = JSON.stringify(widgets).includes('"react.customFragment"');
  return hasFragment ? walk(widgets) : [...widgets];
}

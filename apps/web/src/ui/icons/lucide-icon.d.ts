/**
 * The types of Lucide's per-icon ES modules (`lucide-react/icons/{name}`) as this app uses them: the icon's
 * drawing as data (`__iconData`), which the published types leave out. Mapped by `paths` in tsconfig.json.
 */
export declare const __iconData: {
  node: ReadonlyArray<readonly [string, Record<string, string>]>;
};

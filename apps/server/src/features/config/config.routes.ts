import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { ErrorBody } from "@parley/contracts";
import { siteConfigDefaults, type SiteConfig, type SiteConfigKey } from "../../platform/site-config.ts";

/**
 * The settings anyone may read (Vanilla's `x-read: public`): what pages need to behave like the server,
 * e.g. the edit window of spec §9. Other settings stay private until a key needs reading.
 */
export const publicConfigKeys = [
  "garden.title",
  "garden.description",
  "garden.locale",
  "tagging.enabled",
  "conversations.enabled",
  "ui.editContentTimeout",
  "signatures.enabled",
  "signatures.hideMobile",
  "search.newSearchPage",
  "search.externalNewTab",
  "moderation.capabilities",
] as const satisfies readonly SiteConfigKey[];

/** `garden.*` style globs: `*` matches any run of characters, everything else literally. */
const globToRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "i",
  );

/** The public keys a `select` CSV (or repeated `select`) asks for; all of them without one. */
export function selectConfigKeys(select: string[] | undefined): SiteConfigKey[] {
  if (select === undefined) return [...publicConfigKeys];
  const patterns = select
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter(Boolean)
    .map(globToRegExp);
  return publicConfigKeys.filter((key) => patterns.some((pattern) => pattern.test(key)));
}

const ConfigValue = Type.Union([Type.String(), Type.Number(), Type.Boolean()]);

/** GET /config: a flat `{ "dotted.key": value }` of the readable keys asked for; others are omitted. */
export const configRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (app, { siteConfig }) => {
  app.get(
    "/config",
    {
      schema: {
        tags: ["Config"],
        summary: "Read public site settings; `select` is a CSV of keys, `*` a wildcard.",
        querystring: Type.Object({
          select: Type.Optional(
            Type.Array(Type.String({ maxLength: 2000 }), { description: "Keys, CSV or repeated." }),
          ),
        }),
        response: { 200: Type.Record(Type.String(), ConfigValue), 400: ErrorBody },
      },
    },
    async (request) => {
      const keys = selectConfigKeys(request.query.select);
      const values = await Promise.all(keys.map((key) => siteConfig.get(key)));
      return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? siteConfigDefaults[key]]));
    },
  );
};

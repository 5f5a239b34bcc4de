import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Locale, Translation, TranslationService } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { createLocalePacks } from "./locale-packs.ts";
import { localePacksRoutes } from "./locale-packs.routes.ts";
import { createLocaleSettings, type LocaleSettings } from "./locales.settings.ts";
import { createLocalesService } from "./locales.service.ts";
import { createMachineTranslator } from "./machine.ts";
import { localesRoutes, translationsRoutes } from "./translations.routes.ts";
import { createTranslationsService, type RecordsExist, type TranslationsService } from "./translations.service.ts";

export { displayName, enabledLocalesOf } from "./locales.settings.ts";

/** What other features use: the content locale of a read, and the translations of records in it. */
interface ContentTranslations {
  locales: LocaleSettings;
  forRecords: TranslationsService["forRecords"];
}

/** The translations service, made before the features whose records it translates (categories). */
export function createContentTranslations(platform: Platform, recordsExist: RecordsExist) {
  const locales = createLocaleSettings(platform.siteConfig);
  const service = createTranslationsService(platform, locales, recordsExist);
  const content: ContentTranslations = { locales, forRecords: (...args) => service.forRecords(...args) };
  return { locales, service, content };
}

/**
 * `/locales`, `/translation-services` and `/translations` (reference §7): content locales, translation
 * services (machine translations on a site manager's request) and content translations; and the interface's
 * locale packs (`/locales/translations/{locale}`).
 */
export async function registerTranslations(
  app: FastifyInstance,
  platform: Platform,
  made: ReturnType<typeof createContentTranslations>,
): Promise<void> {
  for (const schema of [Locale, Translation, TranslationService]) app.addSchema(schema);
  await app.register(localesRoutes, {
    prefix: "/api/v2",
    service: createLocalesService(
      platform.siteConfig,
      made.locales,
      platform.events,
      createMachineTranslator(platform.config.translationEndpoints),
    ),
  });
  await app.register(translationsRoutes, { prefix: "/api/v2", service: made.service });
  await app.register(localePacksRoutes, {
    prefix: "/api/v2",
    packs: createLocalePacks(platform.config.webDistDir ?? path.resolve("apps/web/dist")),
  });
}

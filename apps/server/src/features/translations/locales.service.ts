import {
  contentLocaleKeys,
  defaultTranslationLocale,
  isContentLocaleKey,
  type FieldError,
  type Locale,
  type LocalePatch,
  type LocalePostQuery,
  type MachineTranslation,
  type MachineTranslationPost,
  type TranslationService,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { EventBus } from "../../platform/events.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import { displayName, jsonObjectOf, type LocaleSettings } from "./locales.settings.ts";
import type { MachineService, MachineTranslator } from "./machine.ts";
import { translationsPolicy } from "./translations.policy.ts";

/**
 * The machine-translation services a site manager may configure (Vanilla's closed add-on's client shape),
 * and which locale uses which. A configured one translates on a site manager's request in the content
 * translator (`POST /translations/machine`), for review before saving; nothing is translated on its own.
 */
const services = [
  {
    type: "deepl",
    name: "DeepL",
    fields: { apiKey: "The DeepL authentication key (free keys end in :fx)." },
    description: "Translates with DeepL's API when a site manager asks for it in the content translator.",
  },
  {
    type: "google",
    name: "Google Cloud Translation",
    fields: { apiKey: "The Google Cloud API key." },
    description:
      "Translates with Google Cloud Translation (v2) when a site manager asks for it in the content translator.",
  },
] as const satisfies ReadonlyArray<{ type: MachineService; name: string; fields: object; description: string }>;
type ServiceSettings = Record<string, string>;

/**
 * `/locales` and `/translation-services`: the enabled content locales and the translation services;
 * machine translations through them.
 */
export function createLocalesService(
  siteConfig: SiteConfig,
  locales: LocaleSettings,
  events: EventBus,
  translator: MachineTranslator,
) {
  const storedSettings = async () => jsonObjectOf<ServiceSettings>(await siteConfig.get("translation.services"));
  const assigned = async () => jsonObjectOf<string>(await siteConfig.get("locales.translationServices"));

  async function present(key: string, enabled: string[], assignments: Record<string, string>): Promise<Locale> {
    const service = assignments[key] ?? null;
    return {
      localeID: key,
      localeKey: key.split(/[-_]/)[0] ?? key,
      regionalKey: key,
      displayNames: Object.fromEntries(enabled.map((inLocale) => [inLocale, displayName(key, inLocale)])),
      translatable: key !== defaultTranslationLocale,
      machineTranslationService: service !== null,
      translationService: service,
    };
  }

  async function find(localeID: string): Promise<Locale> {
    const enabled = await locales.enabled();
    if (!(enabled as string[]).includes(localeID)) throw notFound("Locale");
    return present(localeID, enabled, await assigned());
  }

  async function presentService(service: (typeof services)[number]): Promise<TranslationService> {
    const stored = (await storedSettings())[service.type] ?? {};
    const isConfigured = Object.keys(service.fields).every((field) => Boolean(stored[field]));
    return {
      type: service.type,
      name: service.name,
      isConfigured,
      isDefault: (await siteConfig.get("translation.defaultService")) === service.type,
      configSchema: {
        type: "object",
        properties: Object.fromEntries(
          Object.entries(service.fields).map(([field, description]) => [
            field,
            { type: "string", minLength: 1, maxLength: 500, description, "x-control": { inputType: "password" } },
          ]),
        ),
        required: Object.keys(service.fields),
      },
      canTranslate: isConfigured,
      description: service.description,
    };
  }
  const findService = (type: string) => {
    const service = services.find((candidate) => candidate.type === type);
    if (!service) throw notFound("Translation service");
    return service;
  };

  return {
    /** `GET /locales`: every enabled content locale (anyone may read them: the locale picker does). */
    async list(): Promise<Locale[]> {
      const [enabled, assignments] = await Promise.all([locales.enabled(), assigned()]);
      return Promise.all(enabled.map((key) => present(key, enabled, assignments)));
    },

    /** `POST /locales?locale=`: a content locale of the catalogue enabled (every one but en is translatable). */
    async enable(query: LocalePostQuery, viewer: Viewer): Promise<Locale> {
      requireAccess(viewer, translationsPolicy.canManage);
      const { locale, translatable } = query;
      if (!isContentLocaleKey(locale))
        throw validationFailed([
          fieldError("locale", "invalid", `locale must be one of: ${contentLocaleKeys.join(", ")}.`, 422),
        ]);
      if (translatable === false && locale !== defaultTranslationLocale)
        throw validationFailed([
          fieldError("translatable", "invalid", "Every content locale but en is translatable here.", 422),
        ]);
      const enabled = await locales.enabled();
      if (!(enabled as string[]).includes(locale)) {
        await siteConfig.set("locales.enabled", [...enabled, locale].join(","));
        await events.emit("config.changed", { keys: ["locales.enabled"] });
      }
      return find(locale);
    },

    async get(localeID: string, viewer: Viewer): Promise<Locale> {
      requireAccess(viewer, translationsPolicy.canManage);
      return find(localeID);
    },

    /** `PATCH /locales/{id}` `{translationService}`: a configured service, or null for none. */
    async patch(localeID: string, body: LocalePatch, viewer: Viewer): Promise<Locale> {
      requireAccess(viewer, translationsPolicy.canManage);
      await find(localeID);
      const type = body.translationService || null;
      if (type !== null) {
        const service = services.find((candidate) => candidate.type === type);
        const problem: FieldError | null = !service
          ? fieldError(
              "translationService",
              "invalid",
              `translationService must be one of: ${services.map((s) => s.type).join(", ")}.`,
            )
          : !(await presentService(service)).isConfigured
            ? fieldError("translationService", "invalid", `The translation service ${service.name} is not configured.`)
            : null;
        if (problem) throw validationFailed([problem]);
      }
      const assignments = await assigned();
      if (type === null) delete assignments[localeID];
      else assignments[localeID] = type;
      await siteConfig.set("locales.translationServices", JSON.stringify(assignments));
      await events.emit("config.changed", { keys: ["locales.translationServices"] });
      return find(localeID);
    },

    /**
     * `POST /translations/machine` (site.manage): the texts translated into a content locale by its
     * translation service, else the site's default one. Nothing is stored: the content translator shows
     * them as unsaved edits to review.
     */
    async machineTranslate(body: MachineTranslationPost, viewer: Viewer): Promise<MachineTranslation> {
      requireAccess(viewer, translationsPolicy.canManage);
      const enabled: string[] = await locales.enabled();
      const source = body.sourceLocale ?? defaultTranslationLocale;
      const errors: FieldError[] = [];
      if (!enabled.includes(body.locale))
        errors.push(fieldError("locale", "invalid", `The locale ${body.locale} is not enabled on this site.`));
      else if (body.locale === source)
        errors.push(fieldError("locale", "invalid", "The texts are already in that locale."));
      if (!enabled.includes(source))
        errors.push(fieldError("sourceLocale", "invalid", `The locale ${source} is not enabled on this site.`));
      if (errors.length) throw validationFailed(errors);
      const type = (await assigned())[body.locale] || (await siteConfig.get("translation.defaultService"));
      const service = services.find((candidate) => candidate.type === type);
      const settings = service ? (await storedSettings())[service.type] : undefined;
      if (!service || !settings || !Object.keys(service.fields).every((field) => Boolean(settings[field])))
        throw validationFailed([
          fieldError(
            "locale",
            "invalid",
            `No translation service is set for ${displayName(body.locale, "en")}: configure one in the translation services.`,
            422,
          ),
        ]);
      const translations = await translator.translate({
        service: service.type,
        settings,
        texts: body.texts,
        source,
        target: body.locale,
      });
      return { translationService: service.type, locale: body.locale, translations };
    },

    /** `GET /translation-services` (site.manage). */
    async services(viewer: Viewer): Promise<TranslationService[]> {
      requireAccess(viewer, translationsPolicy.canManage);
      return Promise.all(services.map(presentService));
    },

    /**
     * `PUT /translation-services/{type}` (site.manage): the service's settings (its configSchema's
     * fields; unknown ones refused), and `isDefault`. Answers the service, without its secrets.
     */
    async putService(type: string, body: Record<string, unknown>, viewer: Viewer): Promise<TranslationService> {
      requireAccess(viewer, translationsPolicy.canManage);
      const service = findService(type);
      const errors: FieldError[] = [];
      const settings: ServiceSettings = {};
      for (const [field, value] of Object.entries(body)) {
        if (field === "isDefault") {
          if (typeof value !== "boolean")
            errors.push(fieldError(field, "invalid", "isDefault is not a valid boolean."));
        } else if (!(field in service.fields)) {
          errors.push(fieldError(field, "unexpectedField", `${field} is not a setting of ${service.name}.`, 422));
        } else if (typeof value !== "string" || value.trim() === "" || value.length > 500) {
          errors.push(fieldError(field, "invalid", `${field} must be a text of 1 to 500 characters.`));
        } else settings[field] = value.trim();
      }
      for (const field of Object.keys(service.fields))
        if (!(field in settings) && !errors.some((error) => error.field === field))
          errors.push(fieldError(field, "missingField", `${field} is required.`));
      if (errors.length) throw validationFailed(errors);
      const all = await storedSettings();
      all[type] = settings;
      const changes: Parameters<SiteConfig["setMany"]>[0] = { "translation.services": JSON.stringify(all) };
      const current = await siteConfig.get("translation.defaultService");
      if (body["isDefault"] === true) changes["translation.defaultService"] = type;
      else if (body["isDefault"] === false && current === type) changes["translation.defaultService"] = "";
      await siteConfig.setMany(changes);
      await events.emit("config.changed", { keys: Object.keys(changes) });
      return presentService(service);
    },
  };
}

export type LocalesService = ReturnType<typeof createLocalesService>;

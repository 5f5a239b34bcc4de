import { translationRules } from "@parley/contracts";
import type { TranslationEndpoints } from "../../platform/config.ts";
import { HttpError } from "../../platform/errors.ts";

/** The providers Parley calls (the `type` of `/translation-services`). */
export type MachineService = "deepl" | "google";

interface MachineRequest {
  service: MachineService;
  /** The service's stored settings (its `apiKey`). */
  settings: Readonly<Record<string, string>>;
  texts: readonly string[];
  /** Content locales (`en`, `pt_BR`, `fr-CA`). */
  source: string;
  target: string;
}

export interface MachineTranslator {
  translate(request: MachineRequest): Promise<string[]>;
}

const names: Record<MachineService, string> = { deepl: "DeepL", google: "Google Cloud Translation" };

/** A locale's language and region: `pt_BR` → ["pt", "BR"]. */
const partsOf = (locale: string): [string, string | undefined] => {
  const [language = locale, region] = locale.split(/[-_]/);
  return [language.toLowerCase(), region?.toUpperCase()];
};

/**
 * DeepL's codes: sources are languages (`EN`); English and Portuguese targets need a variant
 * (`EN-US`/`EN-GB`, `PT-PT`/`PT-BR`).
 */
export function deeplLanguage(locale: string, as: "source" | "target"): string {
  const [language, region] = partsOf(locale);
  const code = language.toUpperCase();
  if (as === "source") return code;
  if (language === "en") return region === "GB" ? "EN-GB" : "EN-US";
  if (language === "pt") return region === "BR" ? "PT-BR" : "PT-PT";
  return code;
}

/** Google's codes are BCP 47 (`fr`, `pt-BR`, `zh-CN`). */
export const googleLanguage = (locale: string): string => {
  const [language, region] = partsOf(locale);
  return region ? `${language}-${region}` : language;
};

/** What a provider's refusal means to the site manager. */
function refusal(service: MachineService, status: number, detail: string): HttpError {
  const name = names[service];
  const message =
    status === 401 || status === 403
      ? `${name} refused the API key: check the translation service's settings.`
      : status === 429
        ? `${name} is receiving too many requests: try again in a moment.`
        : status === 456
          ? `The ${name} translation quota is used up.`
          : `${name} could not translate the text (it answered ${status}).`;
  return new HttpError(502, message, { description: detail.slice(0, 500) || null });
}

/**
 * Machine translation through the providers' HTTP APIs: DeepL's `/v2/translate` and Google Cloud
 * Translation's v2 `translate`. Every text of a call goes in one request; answers come back in order.
 * A provider that fails answers 502 with its reason, one that is slow 504.
 */
export function createMachineTranslator(
  endpoints: Partial<TranslationEndpoints> = {},
  fetchImpl: typeof fetch = fetch,
): MachineTranslator {
  async function call(service: MachineService, url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(translationRules.machineTimeoutMs) });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
        throw new HttpError(504, `${names[service]} did not answer in time.`);
      throw new HttpError(502, `${names[service]} could not be reached.`, {
        description: error instanceof Error ? error.message : null,
      });
    }
    const text = await response.text();
    if (!response.ok) throw refusal(service, response.status, text);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new HttpError(502, `${names[service]} answered something that is not JSON.`);
    }
  }

  /** The translations of an answer, checked: one string per text asked. */
  const expectStrings = (service: MachineService, values: unknown[] | undefined, count: number): string[] => {
    if (!values || values.length !== count || !values.every((value) => typeof value === "string"))
      throw new HttpError(502, `${names[service]} answered without the translations asked for.`);
    return values;
  };

  return {
    async translate({ service, settings, texts, source, target }) {
      const apiKey = settings["apiKey"] ?? "";
      if (service === "deepl") {
        const base =
          endpoints.deepl ?? (apiKey.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com");
        const body = (await call(service, new URL("/v2/translate", base).toString(), {
          method: "POST",
          headers: { Authorization: `DeepL-Auth-Key ${apiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            text: texts,
            source_lang: deeplLanguage(source, "source"),
            target_lang: deeplLanguage(target, "target"),
          }),
        })) as { translations?: Array<{ text?: unknown }> } | null;
        return expectStrings(
          service,
          body?.translations?.map((item) => item?.text),
          texts.length,
        );
      }
      const url = new URL("/language/translate/v2", endpoints.google ?? "https://translation.googleapis.com");
      url.searchParams.set("key", apiKey);
      const body = (await call(service, url.toString(), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          q: texts,
          source: googleLanguage(source),
          target: googleLanguage(target),
          format: "text",
        }),
      })) as { data?: { translations?: Array<{ translatedText?: unknown }> } } | null;
      return expectStrings(
        service,
        body?.data?.translations?.map((item) => item?.translatedText),
        texts.length,
      );
    },
  };
}

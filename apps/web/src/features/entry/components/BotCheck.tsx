import { useEffect, useRef, useState } from "react";
import type { BotCheckWidget } from "@parley/contracts/bot-check";
import { t } from "../../../lib/i18n.ts";
import { formStyles } from "../../../ui/forms/Form.tsx";

/** What the providers' scripts offer once loaded (`?render=explicit`): draw a challenge into an element. */
interface ProviderApi {
  render(element: HTMLElement, options: { sitekey: string }): unknown;
  ready?(callback: () => void): void;
}

/** One script per address, however many forms ask for it. */
const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      const url = new URL(src, window.location.href);
      url.searchParams.set("render", "explicit");
      script.src = url.toString();
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`The bot check's script did not load: ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/**
 * The bot check of the register form (spec §2: the third-party script loads when a site key is configured).
 * Once the page has hydrated, the provider's script loads and draws its challenge into this element; the
 * challenge writes its answer to a hidden field of the form, which the register action sends as
 * `captchaResponse`. The element stays empty in the server's HTML, so hydration never meets the provider's
 * nodes. Without JavaScript there is no challenge, and the page says so.
 */
export function BotCheck({ widget, error }: { widget: BotCheckWidget; error?: string | undefined }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const element = container.current;
    if (!element) return;
    loadScript(widget.scriptUrl)
      .then(() => {
        const api = (window as unknown as Record<string, ProviderApi | undefined>)[widget.global];
        if (!api) throw new Error(`The bot check's script defined no ${widget.global}.`);
        const draw = () => {
          if (!cancelled && element.childElementCount === 0) api.render(element, { sitekey: widget.siteKey });
        };
        if (api.ready) api.ready(draw);
        else draw();
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [widget]);
  const errorID = "bot-check-error";
  return (
    <div className={formStyles.field}>
      <div
        ref={container}
        className={widget.widgetClass}
        data-sitekey={widget.siteKey}
        aria-describedby={error ? errorID : undefined}
        data-testid="bot-check"
      />
      <noscript>{t("Registering here needs JavaScript, for the bot check.")}</noscript>
      {failed ? (
        <p className={formStyles.error} role="alert">
          {t("The bot check could not be loaded. Reload the page to try again.")}
        </p>
      ) : null}
      {error ? (
        <p id={errorID} className={formStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The bot check on registration (spec §2: "A bot-check script from a third-party host is loaded when a site key
 * is configured"; Vanilla's `registration.method` captcha). Three providers share one shape: a script that
 * turns an element with the widget's class and `data-sitekey` into a challenge, which puts the answer in a
 * hidden field of the enclosing form; the server sends that answer, with its secret, to the provider's
 * siteverify address (form-encoded `secret`, `response`, `remoteip`), which answers `{success}`. Free of
 * TypeBox, so the browser bundle can import it.
 */
export const botCheckProviders = {
  recaptcha: {
    label: "reCAPTCHA",
    scriptUrl: "https://www.google.com/recaptcha/api.js",
    verifyUrl: "https://www.google.com/recaptcha/api/siteverify",
    widgetClass: "g-recaptcha",
    /** The script's global, whose `render(element, {sitekey})` draws a challenge (`?render=explicit`). */
    global: "grecaptcha",
    responseField: "g-recaptcha-response",
    /** Where its script, frames and calls come from (the page's Content-Security-Policy allows them). */
    cspSources: ["https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"],
  },
  hcaptcha: {
    label: "hCaptcha",
    scriptUrl: "https://js.hcaptcha.com/1/api.js",
    verifyUrl: "https://api.hcaptcha.com/siteverify",
    widgetClass: "h-captcha",
    global: "hcaptcha",
    responseField: "h-captcha-response",
    cspSources: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
  },
  turnstile: {
    label: "Turnstile",
    scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js",
    verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    widgetClass: "cf-turnstile",
    global: "turnstile",
    responseField: "cf-turnstile-response",
    cspSources: ["https://challenges.cloudflare.com"],
  },
} as const;
export type BotCheckProvider = keyof typeof botCheckProviders;
export const botCheckProviderNames = Object.keys(botCheckProviders) as BotCheckProvider[];

/** What the register page needs to show the challenge (the title bar carries it when the check is on). */
export interface BotCheckWidget {
  provider: BotCheckProvider;
  siteKey: string;
  scriptUrl: string;
  widgetClass: string;
  responseField: string;
  global: string;
}

/** The widget of a configured bot check (the provider's script unless the site replaced its address). */
export const botCheckWidget = (config: {
  provider: BotCheckProvider;
  siteKey: string;
  scriptUrl: string;
}): BotCheckWidget => ({
  provider: config.provider,
  siteKey: config.siteKey,
  scriptUrl: config.scriptUrl,
  widgetClass: botCheckProviders[config.provider].widgetClass,
  responseField: botCheckProviders[config.provider].responseField,
  global: botCheckProviders[config.provider].global,
});

/** The hidden fields the providers' challenges write their answer to, whichever the site uses. */
export const botCheckResponseFields = Object.values(botCheckProviders).map((provider) => provider.responseField);

export const botCheckMessages = {
  missing: "Please complete the bot check.",
  failed: "The bot check failed. Please try again.",
  unavailable: "The bot check could not be verified right now. Please try again in a moment.",
} as const;

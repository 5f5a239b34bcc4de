import { describe, expect, it } from "vitest";
import { Value } from "typebox/value";
import { isLightColor, lighten, luminance, parseColor, toHex } from "./colors.ts";
import { limits } from "./limits.ts";
import {
  fontStackOf,
  fontStacks,
  isSafeImageUrl,
  themeCssProperties,
  themeCssVariables,
  themePreviewVariables,
} from "./theme-css.ts";
import { ThemeVariables } from "./themes.ts";

/** WCAG contrast ratio, to check the computed foregrounds stay readable. */
function contrast(first: string, second: string): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const relative = (hex: string) => {
    const { r, g, b } = parseColor(hex, { strict: true })!;
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [a, b] = [relative(first), relative(second)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

const dark: ThemeVariables = { global: { options: { preset: "dark" } } };

describe("themeCssProperties", () => {
  it("gives the defaults of spec §9 for an empty theme, under the names the CSS modules use", () => {
    const css = themeCssProperties({});
    expect(css).toMatchObject({
      "color-scheme": "light",
      "--color-primary": "#037dbc",
      "--color-error": "#d0021b",
      "--color-bg": "#ffffff",
      "--color-fg": "#222326",
      "--border-radius": "6px",
      "--border-width": "1px",
      "--font-size-large": "16px",
      "--font-size-medium": "14px",
      "--font-size-small": "12px",
      "--font-size-extra-small": "10px",
      "--font-size-subtitle": "18px",
      "--font-size-title": "24px",
      "--font-size-large-title": "32px",
      "--font-weight-normal": "400",
      "--font-weight-semibold": "600",
      "--font-weight-bold": "700",
      "--title-bar-bg": "#037dbc",
      "--title-bar-fg": "#ffffff",
      "--title-bar-height": `${limits.sizes.titleBarHeight}px`,
      "--title-bar-z-index": String(limits.layout.titleBarZIndex),
      "--button-min-width": `${limits.sizes.buttonMinWidth}px`,
      "--animation": "0.1s ease-out",
    });
    expect(css["--font-family"]!.startsWith('"Open Sans", ')).toBe(true);
    for (const name of [
      "--color-primary-dark",
      "--color-muted",
      "--color-border",
      "--color-surface",
      "--content-width",
    ]) {
      expect(css[name], name).toBeTruthy();
    }
    // The hover state is darker than the primary on a light background, and still a blue.
    expect(luminance(css["--color-primary-dark"]!)).toBeLessThan(luminance("#037dbc"));
  });

  it("keeps text readable: muted text, links and computed foregrounds pass 4.5:1 on their backgrounds", () => {
    for (const variables of [{}, dark]) {
      const css = themeCssProperties(variables);
      const bg = css["--color-bg"]!;
      expect(contrast(css["--color-fg"]!, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(css["--color-muted"]!, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(css["--color-primary"]!, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(css["--color-error"]!, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(css["--title-bar-fg"]!, css["--title-bar-bg"]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(css["--button-primary-fg"]!, css["--button-primary-bg"]!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("uses the theme's values, and picks foregrounds on coloured backgrounds by the luminance rule", () => {
    const css = themeCssProperties({
      global: {
        mainColors: { primary: "rgb(255, 204, 0)", bg: "hsl(0, 0%, 98%)", fg: "#111" },
        border: { radius: 2, width: 2, color: "#abc" },
        fonts: { families: { body: ["Lato", "serif"] }, sizes: { medium: 15, title: 30 } },
      },
      titleBar: { colors: { bg: "#000000" } },
      sizes: { titleBarHeight: 56 },
      layout: { breakpoints: { compact: 820 } },
    });
    expect(css).toMatchObject({
      "--color-primary": "#ffcc00",
      "--color-bg": "#fafafa",
      "--color-fg": "#111111",
      "--color-border": "#aabbcc",
      "--border-radius": "2px",
      "--border-width": "2px",
      "--font-size-medium": "15px",
      "--font-size-title": "30px",
      "--font-size-large": "16px",
      "--title-bar-bg": "#000000",
      // A dark title bar takes the light main colour, a light primary the dark one.
      "--title-bar-fg": "#fafafa",
      "--color-primary-contrast": "#111111",
      "--title-bar-height": "56px",
      "--breakpoint-compact": "820px",
    });
    expect(css["--font-family"]).toMatch(/^"Lato", serif, "Open Sans", /);
    expect(isLightColor("#ffcc00")).toBe(true);
  });

  it("dark preset: dark background, light text, primary lightened by 25%", () => {
    const css = themeCssProperties(dark);
    expect(css["color-scheme"]).toBe("dark");
    expect(isLightColor(css["--color-bg"]!)).toBe(false);
    expect(isLightColor(css["--color-fg"]!)).toBe(true);
    expect(css["--color-primary"]).toBe(toHex(lighten(limits.colors.primary, limits.colors.darkPrimaryLighten)));
    // Hover states move away from the dark background: lighter, not darker.
    expect(luminance(css["--color-primary-dark"]!)).toBeGreaterThan(luminance(css["--color-primary"]!));
    // A theme's own primary wins over the preset's.
    expect(
      themeCssProperties({ global: { options: { preset: "dark" }, mainColors: { primary: "#f00" } } }),
    ).toMatchObject({ "--color-primary": "#ff0000" });
  });

  it("button presets: solid, outline, transparent, advanced; hide keeps solid", () => {
    const solid = themeCssProperties({ buttons: { preset: "solid" } });
    expect(solid).toMatchObject({
      "--button-primary-bg": "#037dbc",
      "--button-primary-fg": "#ffffff",
      "--button-primary-border": "#037dbc",
      "--button-standard-bg": "#ffffff",
    });
    expect(themeCssProperties({ buttons: { preset: "hide" } })["--button-primary-bg"]).toBe("#037dbc");
    expect(themeCssProperties({ buttons: { preset: "outline" } })).toMatchObject({
      "--button-primary-bg": "transparent",
      "--button-primary-fg": "#037dbc",
      "--button-primary-border": "#037dbc",
    });
    expect(themeCssProperties({ buttons: { preset: "transparent" } })).toMatchObject({
      "--button-primary-bg": "transparent",
      "--button-primary-border": "transparent",
    });
    expect(
      themeCssProperties({
        buttons: { preset: "advanced", radius: 20, primary: { bg: "#ffee00" }, standard: { fg: "#333" } },
      }),
    ).toMatchObject({
      "--button-radius": "20px",
      "--button-primary-bg": "#ffee00",
      "--button-primary-fg": "#222326",
      "--button-primary-border": "#ffee00",
      "--button-standard-fg": "#333333",
    });
  });

  it("falls back on invalid values, or throws on them when strict", () => {
    const theme = { global: { mainColors: { primary: "blue; } body { display: none" } } } as ThemeVariables;
    expect(themeCssProperties(theme)["--color-primary"]).toBe("#037dbc");
    expect(() => themeCssProperties(theme, { strict: true })).toThrow(/Invalid colour/);
    const sizes = { global: { border: { radius: -3 } }, sizes: { gutter: Number.NaN } } as ThemeVariables;
    expect(themeCssProperties(sizes)).toMatchObject({ "--border-radius": "6px", "--gutter": "16px" });
  });

  it("writes one :root rule that cannot break out of its <style> element", () => {
    const css = themeCssVariables({
      global: { fonts: { families: { body: ['Evil"</style><script>alert(1)</script>', "x;}"] } } },
    });
    expect(css.startsWith(":root{color-scheme:light;--color-primary:#037dbc;")).toBe(true);
    expect(css.endsWith("}")).toBe(true);
    expect(css.slice(":root{".length, -1)).not.toMatch(/[<>{}]/);
    expect(css).toContain('--font-family:"Evilstylescriptalert1script", "x", "Open Sans"');
  });
});

describe("ThemeVariables schema and preview", () => {
  it("accepts themes' variables and refuses wrong types, presets, unknown keys and sizes out of bounds", () => {
    expect(Value.Check(ThemeVariables, dark)).toBe(true);
    // Keys of no schema are not variables (the API drops them from a request before they are stored).
    expect(Value.Check(ThemeVariables, { buttons: { preset: "solid" }, extra: { any: 1 } })).toBe(false);
    expect(Value.Check(ThemeVariables, { buttons: { preset: "outline", shape: "pill" } })).toBe(true);
    expect(Value.Check(ThemeVariables, { buttons: { shape: "blob" } })).toBe(false);
    expect(Value.Check(ThemeVariables, { global: { border: { radius: 33 } } })).toBe(false);
    expect(Value.Check(ThemeVariables, { global: { fonts: { sizes: { medium: 9 } } } })).toBe(false);
    expect(Value.Check(ThemeVariables, { titleBar: { logo: { desktop: { url: "/logo.png" } } } })).toBe(true);
    expect(Value.Check(ThemeVariables, { buttons: { preset: "shiny" } })).toBe(false);
    expect(Value.Check(ThemeVariables, { global: { border: { radius: "6px" } } })).toBe(false);
    expect(Value.Check(ThemeVariables, { global: { options: { preset: "sepia" } } })).toBe(false);
  });

  it("gives the preview colours of a theme", () => {
    expect(themePreviewVariables({})).toEqual({
      globalBg: "#ffffff",
      globalFg: "#222326",
      globalPrimary: "#037dbc",
      titleBarBg: "#037dbc",
      titleBarFg: "#ffffff",
      backgroundImage: null,
    });
  });

  it("turns the design variables into custom properties: font stacks, heading font, link colour, button shape", () => {
    const properties = themeCssProperties({
      global: {
        fonts: { families: { body: [...fontStacks.monospace], heading: [...fontStacks.serif] } },
        links: { colors: { default: "#7a1fa2" } },
        border: { radius: 3 },
      },
      buttons: { shape: "pill" },
    });
    expect(properties["--font-family"]!.startsWith('ui-monospace, "Cascadia Code"')).toBe(true);
    expect(properties["--font-family-heading"]!.startsWith('"Charter"')).toBe(true);
    expect(properties["--color-link"]).toBe("#7a1fa2");
    expect(properties["--border-radius"]).toBe("3px");
    expect(properties["--button-radius"]).toBe("999px");
    expect(themeCssProperties({ buttons: { shape: "square" } })["--button-radius"]).toBe("0px");
    // Without a heading font, headings take the body's; without a link colour, links are the primary colour.
    expect(themeCssProperties({})["--font-family-heading"]).toBe(themeCssProperties({})["--font-family"]);
    expect(themeCssProperties({})["--color-link"]).toBe("#037dbc");
    expect(fontStackOf([...fontStacks.system])).toBe("system");
    expect(fontStackOf(["Comic Neue"])).toBeNull();
  });

  it("lets only image addresses of the web or of this site into a page", () => {
    for (const url of ["https://cdn.example.com/logo.svg", "http://example.com/a.png", "/uploads/logo.png"])
      expect(isSafeImageUrl(url), url).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      "//evil.example/x.png",
      '/a.png" onerror="x',
      "/a b.png",
      "data:x",
      "url(x)",
    ])
      expect(isSafeImageUrl(url), url).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { parseColor } from "@parley/contracts/colors";
import type { Theme } from "@parley/contracts";
import { fontStacks } from "@parley/contracts/theme-css";
import {
  CUSTOM_FONT,
  editorCssProperties,
  editorFieldNames,
  editorPalette,
  editorPatch,
  editorValues,
  editorVariables,
  hasUnsavedChanges,
  pickerValue,
  readEditorForm,
} from "./theme-editor.form.ts";

const theme = (data: Theme["assets"]["variables"]["data"]): Pick<Theme, "name" | "assets"> => ({
  name: "Violet",
  assets: {
    variables: { url: "/x", type: "json", "content-type": "application/json", ...(data ? { data } : {}) },
    header: { url: "/h", type: "html", "content-type": "text/html", data: "" },
    footer: { url: "/f", type: "html", "content-type": "text/html", data: "" },
    styles: { url: "/s", type: "css", "content-type": "text/css", data: "" },
    javascript: { url: "/j", type: "js", "content-type": "application/javascript", data: "" },
    scripts: { url: "/sc", type: "json", "content-type": "application/json", data: [] },
  },
});

/** The design fields (and the text assets) of a theme that sets none of them. */
const noDesign = {
  header: "",
  footer: "",
  styles: "",
  javascript: "",
  scripts: "",
  bodyFont: "",
  headingFont: "",
  fontSize: "",
  radius: "",
  buttonPreset: "",
  buttonShape: "",
  logoUrl: "",
  logoUrlMobile: "",
};

describe("the theme editor's form", () => {
  it("reads a theme's name, preset and colours; a colour it does not set is empty", () => {
    expect(
      editorValues(
        theme({
          global: { options: { preset: "dark" }, mainColors: { primary: "#8a2be2", fg: "hsl(0, 0%, 90%)" } },
          titleBar: { colors: { bg: "rgb(20, 90, 50)" } },
        }),
      ),
    ).toEqual({
      name: "Violet",
      revisionName: "",
      preset: "dark",
      primary: "#8a2be2",
      bg: "",
      fg: "hsl(0, 0%, 90%)",
      titleBarBg: "rgb(20, 90, 50)",
      titleBarFg: "",
      link: "",
      ...noDesign,
    });
    // No variables at all (an asset without data): the light preset, every colour the default.
    expect(editorValues(theme(undefined))).toMatchObject({ preset: "light", primary: "", titleBarFg: "" });
  });

  it("reads a posted form; missing fields are empty", () => {
    const form = new FormData();
    form.set("name", "Forest");
    form.set("preset", "light");
    form.set("primary", "#0a0");
    expect(readEditorForm(form)).toEqual({
      name: "Forest",
      revisionName: "",
      preset: "light",
      primary: "#0a0",
      bg: "",
      fg: "",
      titleBarBg: "",
      titleBarFg: "",
      link: "",
      ...noDesign,
    });
  });

  it("writes the form into the theme's variables, keeping what the editor does not show", () => {
    const base = {
      global: { options: { preset: "light" as const }, mainColors: { primary: "#111111", bg: "#fefefe" } },
      buttons: { preset: "outline" as const },
      titleBar: { colors: { fg: "#ffffff" } },
    };
    const values = {
      ...editorValues(theme(base)),
      preset: "dark",
      primary: " #8a2be2 ",
      bg: "",
      titleBarBg: "rgb(20, 90, 50)",
    };
    expect(editorVariables(values, base)).toEqual({
      global: { options: { preset: "dark" }, mainColors: { primary: "#8a2be2" } },
      buttons: { preset: "outline" },
      titleBar: { colors: { bg: "rgb(20, 90, 50)", fg: "#ffffff" } },
    });
    // The theme's own variables are not changed in place.
    expect(base.global.mainColors.bg).toBe("#fefefe");
  });

  it("makes the PATCH of a save: the trimmed name, the revision's name when given, the variables", () => {
    const values = {
      ...editorValues(theme({})),
      name: "  Forest ",
      primary: "#0a0",
      header: "<p>Hi</p>",
      scripts: " https://cdn.example/a.js \n\nhttps://cdn.example/b.js",
    };
    expect(editorPatch(values)).toEqual({
      name: "Forest",
      assets: {
        variables: { data: { global: { options: { preset: "light" }, mainColors: { primary: "#0a0" } } } },
        header: { data: "<p>Hi</p>" },
        footer: { data: "" },
        styles: { data: "" },
        javascript: { data: "" },
        scripts: { data: [{ url: "https://cdn.example/a.js" }, { url: "https://cdn.example/b.js" }] },
      },
    });
    expect(editorPatch({ ...values, revisionName: " Greener " }).revisionName).toBe("Greener");
  });

  it("maps the API's field errors to the form's fields", () => {
    expect(editorFieldNames["assets.variables.data.global.mainColors.primary"]).toBe("primary");
    expect(editorFieldNames["assets.variables.data.titleBar.colors.bg"]).toBe("titleBarBg");
    expect(editorFieldNames["name"]).toBe("name");
    expect(editorFieldNames["assets.styles.data"]).toBe("styles");
    expect(editorFieldNames["assets.scripts.data.3.url"]).toBe("scripts");
  });

  it("knows when the form differs from the theme as saved", () => {
    const saved = editorValues(theme({}));
    expect(hasUnsavedChanges({ ...saved }, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...saved, primary: "#000" }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, revisionName: "Draft" }, saved)).toBe(true);
  });
});

describe("the colour picker beside each text", () => {
  const fallback = parseColor("#037dbc")!;

  it("shows the text's colour as #rrggbb, whatever notation it is written in", () => {
    expect(pickerValue("#8A2BE2", fallback)).toBe("#8a2be2");
    expect(pickerValue("#abc", fallback)).toBe("#aabbcc");
    expect(pickerValue("rgb(20, 90, 50)", fallback)).toBe("#145a32");
    expect(pickerValue("hsl(120, 100%, 25%)", fallback)).toBe("#008000");
    // The picker has no alpha: it shows the opaque colour.
    expect(pickerValue("rgba(255, 0, 0, 0.5)", fallback)).toBe("#ff0000");
  });

  it("shows the colour the theme resolves to while the text is empty or not a colour yet", () => {
    expect(pickerValue("", fallback)).toBe("#037dbc");
    expect(pickerValue("#12", fallback)).toBe("#037dbc");
    expect(pickerValue("not-a-colour", fallback)).toBe("#037dbc");
  });

  it("resolves empty colours from the preset and the title bar from the primary colour", () => {
    const light = editorPalette({ ...editorValues(theme({})), primary: "#8a2be2" });
    expect(pickerValue("", light.titleBarBg)).toBe("#8a2be2");
    expect(pickerValue("", light.bg)).toBe("#ffffff");
    const dark = editorPalette({ ...editorValues(theme({})), preset: "dark" });
    expect(pickerValue("", dark.bg)).toBe("#323639");
  });

  it("reads and writes the design: font stacks, base size, radius, button style and shape, logo", () => {
    const values = editorValues(
      theme({
        global: {
          fonts: { families: { body: [...fontStacks.serif], heading: ["Comic Neue"] }, sizes: { medium: 16 } },
          border: { radius: 12 },
        },
        buttons: { preset: "outline", shape: "pill" },
        titleBar: { logo: { desktop: { url: "/uploads/logo.png" } } },
      }),
    );
    expect(values).toMatchObject({
      bodyFont: "serif",
      headingFont: CUSTOM_FONT,
      fontSize: "16",
      radius: "12",
      buttonPreset: "outline",
      buttonShape: "pill",
      logoUrl: "/uploads/logo.png",
      logoUrlMobile: "",
    });
    const base = { global: { fonts: { families: { heading: ["Comic Neue"] } } } };
    const written = editorVariables(
      { ...values, bodyFont: "system", fontSize: "15", radius: "", buttonShape: "square", logoUrlMobile: " /m.png " },
      base,
    );
    // A stack is written as its families, a custom heading font stays, an emptied radius goes.
    expect(written.global?.fonts?.families).toEqual({ body: [...fontStacks.system], heading: ["Comic Neue"] });
    expect(written.global?.fonts?.sizes?.medium).toBe(15);
    expect(written.global?.border?.radius).toBeUndefined();
    expect(written.buttons).toEqual({ preset: "outline", shape: "square" });
    expect(written.titleBar?.logo).toEqual({ desktop: { url: "/uploads/logo.png" }, mobile: { url: "/m.png" } });
    // The preview wears what the site will: square buttons, the system font, 15 px text.
    const properties = editorCssProperties({ ...values, bodyFont: "system", fontSize: "15", buttonShape: "square" });
    expect(properties["--button-radius"]).toBe("0px");
    expect(properties["--font-family"]!.startsWith("system-ui, -apple-system")).toBe(true);
    expect(properties["--font-size-medium"]).toBe("15px");
    expect(properties["--button-primary-bg"]).toBe("transparent");
  });
});

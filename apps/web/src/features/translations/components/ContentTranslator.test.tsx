import { useState } from "react";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Locale } from "@parley/contracts";
import { memberMe, renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import type { TranslatableProperty } from "../translator.state.ts";
import { ContentTranslator } from "./ContentTranslator.tsx";

afterEach(cleanup);

const locale = (localeID: string, name: string): Locale => ({
  localeID,
  localeKey: localeID,
  regionalKey: localeID,
  displayNames: { en: name },
  translatable: localeID !== "en",
  machineTranslationService: false,
  translationService: null,
});
const properties: TranslatableProperty[] = [
  {
    propertyName: "name",
    translationPropertyKey: "category.7.name",
    label: "Name",
    sourceText: "General",
    propertyType: "text",
    maxLength: 255,
  },
];
const target = { resource: "forum", recordType: "category", recordID: 7 };
/** The category's name, saved in French. */
const generalInFrench = {
  resource: "forum",
  recordType: "category",
  recordID: 7,
  propertyName: "name",
  translationPropertyKey: "category.7.name",
  locale: "fr",
  translation: "Général",
  dateUpdated: "2025-01-01T00:00:00+00:00",
};

function Harness({ onClosed }: { onClosed?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ContentTranslator
      isOpen={open}
      onClose={() => {
        setOpen(false);
        onClosed?.();
      }}
      title="Translate General"
      target={target}
      sourceLocale="en"
      properties={properties}
    />
  );
}

const unsavedQuestion =
  "You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?";

describe("ContentTranslator", () => {
  it("reports a site with only one locale as an error", async () => {
    renderWithShell(<Harness />, {
      me: { ...memberMe, isAdmin: true },
      routes: { "GET /locales": jsonResponse([locale("en", "English")]) },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This site has only one content locale: enable another one to translate into it.",
    );
  });

  it("asks before changing locale with unsaved edits, and saves a cleared translation as a removal", async () => {
    const { transport } = renderWithShell(<Harness />, {
      me: { ...memberMe, isAdmin: true },
      routes: {
        "GET /locales": jsonResponse([locale("en", "English"), locale("fr", "French"), locale("de", "German")]),
        "GET /translations/forum": (request) =>
          jsonResponse(request.query?.["locale"] === "fr" ? [generalInFrench] : []),
        "PATCH /translations/forum/remove": jsonResponse(null),
      },
    });
    const field = await screen.findByDisplayValue("Général");
    const select = screen.getByLabelText("Translate into");
    expect([...select.querySelectorAll("option")].map((option) => option.textContent)).toEqual(["French", "German"]);

    fireEvent.change(field, { target: { value: "Généralités" } });
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    fireEvent.change(select, { target: { value: "de" } });
    expect(await screen.findByText(unsavedQuestion)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByText(unsavedQuestion)).toBeNull());
    expect((select as HTMLSelectElement).value).toBe("fr");

    // Cleared: removed on save, nothing else sent.
    fireEvent.change(field, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Translations saved.");
    const writes = transport.requests.filter((request) => request.method === "PATCH");
    expect(writes).toEqual([
      expect.objectContaining({
        path: "/translations/forum/remove",
        body: [{ recordType: "category", recordID: 7, propertyName: "name", locale: "fr" }],
      }),
    ]);
    expect(screen.getByText("Not translated")).toBeTruthy();
  });

  it("fills the empty fields with the locale's machine translation, unsaved until Save", async () => {
    const twoProperties: TranslatableProperty[] = [
      ...properties,
      {
        propertyName: "description",
        translationPropertyKey: "category.7.description",
        label: "Description",
        sourceText: "Talk about anything.",
        propertyType: "multiline",
        maxLength: 500,
      },
    ];
    const { transport } = renderWithShell(
      <ContentTranslator
        isOpen
        onClose={() => undefined}
        title="Translate General"
        target={target}
        sourceLocale="en"
        properties={twoProperties}
      />,
      {
        me: { ...memberMe, isAdmin: true },
        routes: {
          "GET /locales": jsonResponse([
            locale("en", "English"),
            { ...locale("fr", "French"), machineTranslationService: true, translationService: "deepl" },
          ]),
          "GET /translation-services": jsonResponse([
            { type: "deepl", name: "DeepL", isDefault: false, canTranslate: true },
            { type: "google", name: "Google Cloud Translation", isDefault: true, canTranslate: false },
          ]),
          // The name is translated already: only the description is asked for.
          "GET /translations/forum": jsonResponse([generalInFrench]),
          "POST /translations/machine": (request) =>
            jsonResponse({
              translationService: "deepl",
              locale: "fr",
              translations: (request.body as { texts: string[] }).texts.map(() => "Parlez de tout."),
            }),
        },
      },
    );
    await screen.findByDisplayValue("Général");
    fireEvent.click(await screen.findByRole("button", { name: "Translate with DeepL" }));
    expect(await screen.findByDisplayValue("Parlez de tout.")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Machine translations filled in: review them, then save.");
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    expect(screen.getByDisplayValue("Général")).toBeTruthy();
    const asked = transport.requests.filter((request) => request.path === "/translations/machine");
    expect(asked.map((request) => request.body)).toEqual([
      { locale: "fr", sourceLocale: "en", texts: ["Talk about anything."] },
    ]);
    expect(transport.requests.some((request) => request.method === "PATCH")).toBe(false);
  });

  it("offers no machine translation without a service that may translate", async () => {
    const { transport } = renderWithShell(<Harness />, {
      me: { ...memberMe, isAdmin: true },
      routes: {
        "GET /locales": jsonResponse([locale("en", "English"), locale("fr", "French")]),
        "GET /translation-services": jsonResponse([
          { type: "deepl", name: "DeepL", isDefault: true, canTranslate: false },
        ]),
        "GET /translations/forum": jsonResponse([]),
      },
    });
    await screen.findByLabelText("Name translation");
    await waitFor(() =>
      expect(transport.requests.some((request) => request.path === "/translation-services")).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("button", { name: /^Translate with/ })).toBeNull();
  });

  it("asks before closing with unsaved edits, and closes once confirmed", async () => {
    let closed = false;
    renderWithShell(<Harness onClosed={() => (closed = true)} />, {
      me: { ...memberMe, isAdmin: true },
      routes: {
        "GET /locales": jsonResponse([locale("en", "English"), locale("fr", "French")]),
        "GET /translations/forum": jsonResponse([]),
      },
    });
    const field = await screen.findByLabelText("Name translation");
    fireEvent.change(field, { target: { value: "Général" } });
    fireEvent.click(screen.getAllByRole("button", { name: "Cancel" })[0]!);
    expect(await screen.findByText(unsavedQuestion)).toBeTruthy();
    expect(closed).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(closed).toBe(true));
  });
});

import type { Me, Subcommunity } from "@parley/contracts";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse, makeCategory } from "../../test/fixtures.ts";
import { createSubcommunitiesRoutes } from "./subcommunities.routes.tsx";

afterEach(cleanup);

const manager: Me = { ...memberMe, permissions: [...memberMe.permissions, "site.manage"] };

const section = (subcommunityID: number, name: string, folder: string, extra: Partial<Subcommunity> = {}) =>
  ({
    subcommunityID,
    siteSectionID: String(subcommunityID),
    name,
    folder,
    basePath: `/${folder}`,
    url: `https://forum.example/${folder}`,
    categoryID: 10,
    categoryExists: true,
    locale: "",
    themeID: null,
    sort: 0,
    dateInserted: "2026-12-01T10:00:00+00:00",
    insertUserID: 1,
    dateUpdated: null,
    updateUserID: null,
    ...extra,
  }) satisfies Subcommunity;

const categories = [
  makeCategory({
    categoryID: 10,
    name: "English",
    children: [makeCategory({ categoryID: 12, name: "Help", parentCategoryID: 10, depth: 2 })],
  }),
  makeCategory({ categoryID: 20, name: "Français" }),
];
const themes = [
  { themeID: "foundation", name: "Foundation" },
  { themeID: "7", name: "Night" },
];

function renderAt(path: string, sections: Subcommunity[], routes: Parameters<typeof createFakeTransport>[0] = {}) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(manager),
    "GET /subcommunities": jsonResponse(sections),
    "GET /categories": jsonResponse(categories),
    "GET /themes": jsonResponse(themes),
    ...routes,
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorPage />, children: createSubcommunitiesRoutes({ queryClient, api }) }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2026-12-02T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { transport };
}

const addForm = () => screen.getByRole<HTMLFormElement>("form", { name: "Add Subcommunity" });
const fill = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe("/dashboard/subcommunities", () => {
  it("lists each section with its address, category, locale and theme", async () => {
    renderAt("/dashboard/subcommunities", [
      section(1, "English", "en", { themeID: "7", locale: "en" }),
      section(2, "Français", "fr", { categoryID: 20 }),
      section(3, "Archive", "archive", { categoryID: 99, categoryExists: false }),
    ]);
    const table = await screen.findByRole("table", { name: "Subcommunities" });
    const english = within(table).getByRole("row", { name: "English" });
    expect(within(english).getByRole("link", { name: "/en" }).getAttribute("href")).toBe("/en");
    const cell = (row: HTMLElement, label: string) => row.querySelector(`[data-label="${label}"]`)!.textContent;
    expect(cell(english, "Category")).toBe("English");
    expect(cell(english, "Theme")).toBe("Night");
    expect(cell(english, "Locale")).toContain("(en)");
    const french = within(table).getByRole("row", { name: "Français" });
    expect(cell(french, "Category")).toBe("Français");
    expect(cell(french, "Theme")).toBe("The site's");
    // A section whose root category was deleted says so.
    const gone = within(table).getByRole("row", { name: "Archive" });
    expect(cell(gone, "Category")).toBe("Its root category no longer exists.");
    // The add form offers every category (nested ones too) and every theme.
    const category = within(addForm()).getByLabelText<HTMLSelectElement>("Category");
    expect([...category.options].map((option) => option.value)).toEqual(["", "10", "12", "20"]);
    const theme = within(addForm()).getByLabelText<HTMLSelectElement>("Theme");
    expect([...theme.options].map((option) => option.textContent)).toEqual(["The site's", "Foundation", "Night"]);
  });

  it("adds a section: posts its fields to the API and says where it is", async () => {
    const { transport } = renderAt("/dashboard/subcommunities", [], {
      "POST /subcommunities": ({ body }) =>
        jsonResponse(section(3, "Support", "support", body as Partial<Subcommunity>), 201),
    });
    expect(await screen.findByText("No subcommunities yet. Add the first one below.")).toBeTruthy();
    const form = addForm();
    fill(form, "Name", "Support");
    fill(form, "Folder", "support");
    fill(form, "Category", "12");
    fill(form, "Locale", "fr");
    fill(form, "Theme", "7");
    fill(form, "Order", "2");
    fireEvent.click(within(form).getByRole("button", { name: "Add Subcommunity" }));
    await screen.findByText("“Support” has been saved at /support.");
    // The add form is empty again, for the next one.
    expect(within(addForm()).getByLabelText<HTMLInputElement>("Name").value).toBe("");
    expect(within(addForm()).getByLabelText<HTMLInputElement>("Folder").value).toBe("");
    expect(within(addForm()).getByLabelText<HTMLSelectElement>("Category").value).toBe("");
    expect(within(addForm()).getByLabelText<HTMLInputElement>("Order").value).toBe("");
    const post = transport.requests.find((request) => request.method === "POST");
    expect(post?.path).toBe("/subcommunities");
    expect(post?.body).toEqual({
      name: "Support",
      folder: "support",
      categoryID: 12,
      locale: "fr",
      themeID: "7",
      sort: 2,
    });
  });

  it("refuses a folder the forum's pages use before asking, and shows the server's field errors", async () => {
    const { transport } = renderAt("/dashboard/subcommunities", [section(1, "English", "en")], {
      "POST /subcommunities": jsonResponse(
        {
          message: "Validation Failed",
          status: 422,
          description: null,
          errors: [{ field: "folder", code: "taken", message: "Another subcommunity has this folder.", status: 422 }],
        },
        422,
      ),
    });
    await screen.findByRole("table", { name: "Subcommunities" });
    addForm().noValidate = true;
    fill(addForm(), "Name", "Talk");
    fill(addForm(), "Folder", "discussions");
    fill(addForm(), "Category", "20");
    fireEvent.click(within(addForm()).getByRole("button", { name: "Add Subcommunity" }));
    expect(await screen.findByText("The address /discussions belongs to the forum's own pages.")).toBeTruthy();
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);

    fill(addForm(), "Folder", "en");
    fireEvent.click(within(addForm()).getByRole("button", { name: "Add Subcommunity" }));
    const message = await screen.findByText("Another subcommunity has this folder.");
    const folder = within(addForm()).getByLabelText("Folder");
    expect(folder.getAttribute("aria-invalid")).toBe("true");
    expect(folder.getAttribute("aria-describedby")).toContain(message.id);
    expect(within(addForm()).getByLabelText<HTMLInputElement>("Name").value).toBe("Talk");
  });

  it("edits a section in place and deletes one after asking", async () => {
    const { transport } = renderAt("/dashboard/subcommunities?edit=1", [section(1, "English", "en")], {
      "PATCH /subcommunities/1": ({ body }) => jsonResponse(section(1, "English", "en", body as Partial<Subcommunity>)),
      "DELETE /subcommunities/1": jsonResponse(null, 204),
    });
    const edit = await screen.findByRole<HTMLFormElement>("form", { name: "Edit “English”" });
    fill(edit, "Name", "English (UK)");
    fireEvent.click(within(edit).getByRole("button", { name: "Save" }));
    await screen.findByText("“English (UK)” has been saved at /en.");
    expect(transport.requests.find((request) => request.method === "PATCH")?.body).toEqual({
      name: "English (UK)",
      folder: "en",
      categoryID: 10,
      locale: "",
      sort: 0,
    });

    fireEvent.click(await screen.findByRole("button", { name: "Delete “English”" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, delete “English”" }));
    await screen.findByText("“English” has been deleted.");
    expect(transport.requests.some((request) => request.method === "DELETE")).toBe(true);
  });
});

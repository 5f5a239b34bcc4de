import { cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { WidgetProps } from "@parley/contracts";
import { createApiClient } from "../../lib/api.ts";
import { ApiProvider } from "../../lib/api-context.tsx";
import { SiteSectionProvider } from "../../lib/site-section.tsx";
import { createFakeTransport } from "../../test/fixtures.ts";
import { Banner } from "./Banner.tsx";
import styles from "./Banner.module.css";

afterEach(cleanup);

/** The banner with the site's defaults (the fake API answers no /site, so `useSite` gives Parley's). */
const renderBanner = (props: WidgetProps<"react.banner">) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider api={createApiClient(createFakeTransport({}))}>
        <Banner {...props} />
      </ApiProvider>
    </QueryClientProvider>,
  );

describe("the search banner", () => {
  it("shows the site's title and description with a search form to /search by default", () => {
    const { container } = renderBanner({});
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Parley");
    expect(screen.getByText("A community forum built with Parley.")).toBeTruthy();
    const form = screen.getByRole("search");
    expect(form.getAttribute("action")).toBe("/search");
    expect(container.querySelectorAll("img")).toHaveLength(0);
  });

  it("takes its own title, a logo, an icon and a right image (decorative), and can leave out the search", () => {
    const { container } = renderBanner({
      title: "Help Center",
      description: "Answers from the community.",
      logoUrl: "/logo.png",
      iconUrl: "https://cdn.example.com/icon.png",
      rightImageUrl: "/right.png",
      showSearch: false,
      variant: "content-banner",
    });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Help Center");
    expect(screen.getByText("Answers from the community.")).toBeTruthy();
    expect(screen.queryByRole("search")).toBeNull();
    const images = [...container.querySelectorAll("img")];
    expect(images.map((image) => [image.getAttribute("src"), image.getAttribute("alt")])).toEqual([
      ["/logo.png", ""],
      ["https://cdn.example.com/icon.png", ""],
      ["/right.png", ""],
    ]);
    const banner = container.querySelector("[data-part=banner]")!;
    expect(banner.classList.contains(styles.content!)).toBe(true);
    expect(banner.classList.contains(styles.withImage!)).toBe(true);
  });

  it("in a subcommunity, shows the name and description the server gives and searches the section", () => {
    const section = { siteSectionID: "2", name: "Help Desk", basePath: "/help-desk", locale: "", categoryID: 9 };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider api={createApiClient(createFakeTransport({}))}>
          <SiteSectionProvider section={section}>
            <Banner title="Help Desk" description="" />
          </SiteSectionProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Help Desk");
    // An empty description (the root category has none) shows none, not the site's.
    expect(screen.queryByText("A community forum built with Parley.")).toBeNull();
    expect(screen.getByRole("search").getAttribute("action")).toBe("/help-desk/search");
  });
});

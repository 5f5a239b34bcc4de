import type { User } from "@parley/contracts";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { jsonResponse } from "../test/fixtures.ts";
import { makeNotification } from "../test/notifications.ts";
import { SiteNavigationPanel } from "./SiteNavigationPanel.tsx";
import { TitleBar } from "./TitleBar.tsx";
import { fallbackTitleBar as defaultTitleBar } from "../features/layouts/index.ts";
import { guestMe, memberMe, renderWithShell } from "./testing.tsx";
import { UserLink } from "./user-card/UserLink.tsx";

afterEach(cleanup);

const banner = () => screen.getByRole("banner");

describe("TitleBar", () => {
  it("shows a guest the logo, the default navigation, search, Sign In and Register with targets", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} />, { path: "/categories?page=2" });
    await screen.findByRole("banner");
    expect(within(banner()).getByRole("link", { name: "Parley" }).getAttribute("href")).toBe("/");
    const navigation = screen.getByRole("navigation", { name: "Main navigation" });
    expect(
      within(navigation)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Posts", "Categories"]);
    expect(within(banner()).getByRole("link", { name: "Search" }).getAttribute("href")).toBe("/search");
    expect(within(banner()).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      "/entry/signin?Target=%2Fcategories%3Fpage%3D2",
    );
    expect(within(banner()).getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/entry/register?Target=%2Fcategories%3Fpage%3D2",
    );
  });

  it("leaves Register out when registration is closed", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} registrationOpen={false} />);
    await screen.findByRole("link", { name: "Sign In" });
    expect(screen.queryByRole("link", { name: "Register" })).toBeNull();
  });

  it("applies the positioning, height and colours of its config", async () => {
    renderWithShell(
      <TitleBar
        {...defaultTitleBar}
        positioning="StaticTransparent"
        backgroundColor="#123456"
        foregroundColor="#fefefe"
        height={64}
        logo={{ ...defaultTitleBar.logo, imageUrl: "/logo.png", imageUrlMobile: "/logo-small.png" }}
      />,
    );
    await screen.findByRole("banner");
    expect(banner().dataset["positioning"]).toBe("StaticTransparent");
    expect(banner().style.getPropertyValue("--title-bar-bg")).toBe("#123456");
    expect(banner().style.getPropertyValue("--title-bar-fg")).toBe("#fefefe");
    expect(banner().style.getPropertyValue("--title-bar-height")).toBe("64px");
    const logos = within(banner()).getAllByRole("img", { name: "Parley" });
    expect(logos.map((logo) => logo.getAttribute("src"))).toEqual(["/logo.png", "/logo-small.png"]);
  });

  it("leaves §9's default heights to the theme's variables: none inline", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} />);
    await screen.findByRole("banner");
    // Inline, they would hide a theme's own title bar heights (themes.e2e.ts measures the bar in Chromium).
    expect(banner().style.getPropertyValue("--title-bar-height")).toBe("");
    expect(banner().style.getPropertyValue("--title-bar-height-mobile")).toBe("");
  });

  it("gives a member Notifications, Messages and My Account, with unread counts capped at 99+", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} />, { me: memberMe });
    const notifications = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(notifications.textContent).toContain("3");
    const messages = screen.getByRole("button", { name: "Messages, 99+ unread" });
    expect(messages.textContent).toContain("99+");
    expect(screen.getByText("Ada", { exact: true })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
  });

  it("has no Messages menu when conversations are off", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} conversationsEnabled={false} />, { me: memberMe });
    await screen.findByRole("button", { name: /^Notifications/ });
    expect(screen.queryByRole("button", { name: /^Messages/ })).toBeNull();
  });

  it("opens the My Account dropdown with Profile and Sign Out; Escape closes it", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} />, { me: memberMe, path: "/discussions" });
    const account = (await screen.findByText("Ada", { exact: true })).closest("button")!;
    fireEvent.click(account);
    const menu = await screen.findByRole("dialog", { name: "My Account" });
    expect(account.getAttribute("aria-expanded")).toBe("true");
    expect(within(menu).getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/profile/Ada");
    // The member's own lists, as Vanilla's account menu has them.
    expect(within(menu).getByRole("link", { name: "Bookmarks" }).getAttribute("href")).toBe("/discussions/bookmarked");
    expect(within(menu).getByRole("link", { name: "My Discussions" }).getAttribute("href")).toBe("/discussions/mine");
    expect(within(menu).getByRole("link", { name: "Sign Out" }).getAttribute("href")).toBe(
      "/entry/signout?Target=%2Fdiscussions",
    );
    fireEvent.keyDown(menu, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lists the latest notifications in the notifications menu", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} />, {
      me: memberMe,
      routes: { "GET /notifications": jsonResponse([makeNotification({ notificationID: 1 })]) },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 3 unread" }));
    const menu = await screen.findByRole("dialog", { name: "Notifications" });
    expect((await within(menu).findByRole("link", { name: /Bea mentioned you in Topic 1/ })).getAttribute("href")).toBe(
      "/discussion/comment/101#Comment_101",
    );
    expect(within(menu).getByRole("link", { name: "All Notifications" }).getAttribute("href")).toBe(
      "/profile/notifications",
    );
  });

  it("expands the search in place and closes it on Cancel", async () => {
    renderWithShell(<TitleBar {...defaultTitleBar} />);
    fireEvent.click(await screen.findByRole("link", { name: "Search" }));
    const form = screen.getByRole("search");
    expect(form.getAttribute("action")).toBe("/search");
    expect(within(form).getByRole("searchbox", { name: "Search" }).getAttribute("name")).toBe("query");
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("search")).toBeNull();
    expect(screen.getByRole("link", { name: "Search" })).toBeTruthy();
  });
});

describe("SiteNavigationPanel", () => {
  const items = [
    { id: "posts", name: "Posts", url: "/discussions" },
    {
      id: "help",
      name: "Help",
      url: "/categories/help",
      children: [{ id: "faq", name: "FAQ", url: "/categories/faq" }],
    },
  ];

  it("is titled 'Site Navigation', drills into children, goes Back and Closes", async () => {
    let closed = 0;
    renderWithShell(<SiteNavigationPanel items={items} onClose={() => (closed += 1)} />);
    const panel = await screen.findByRole("dialog", { name: "Site Navigation" });
    expect(
      within(panel)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Posts", "Help"]);
    expect(within(panel).queryByRole("button", { name: "Back" })).toBeNull();

    fireEvent.click(within(panel).getByRole("button", { name: "Show Help" }));
    const help = await screen.findByRole("dialog", { name: "Help" });
    expect(
      within(help)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["View All", "FAQ"]);
    expect(within(help).getByRole("link", { name: "View All" }).getAttribute("href")).toBe("/categories/help");

    fireEvent.click(within(help).getByRole("button", { name: "Back" }));
    await screen.findByRole("dialog", { name: "Site Navigation" });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(closed).toBe(1);
  });
});

const ada = {
  userID: 12,
  name: "Grace",
  photoUrl: "/grace.png",
  url: "http://localhost/profile/Grace",
  title: "Admiral",
  banned: 0,
  private: false,
  countDiscussions: 4,
  countComments: 1500,
  dateInserted: "2024-01-01T00:00:00+00:00",
  dateLastActive: "2024-12-31T00:00:00+00:00",
} as Partial<User>;

describe("UserLink and the user card", () => {
  const openCard = async (user: Partial<User> | null, me = memberMe, status = 200) => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    renderWithShell(<UserLink user={{ userID: 12, name: "Grace" }} />, {
      me,
      routes: {
        "GET /users/12": () => {
          answer();
          return jsonResponse(user ?? { message: "User not found.", status: 404 }, status);
        },
      },
    });
    const link = await screen.findByRole("link", { name: "Grace" });
    expect(link.getAttribute("href")).toBe("/profile/Grace");
    fireEvent.click(link);
    return { link, answered };
  };

  it("shows a skeleton, then name, title, counts, dates, Message and View Profile", async () => {
    await openCard(ada);
    const card = await screen.findByRole("dialog", { name: "Grace" });
    expect(card.querySelector("[data-skeleton]") ?? card.getAttribute("aria-busy")).toBeTruthy();
    await within(card).findByRole("link", { name: "View Profile" });
    expect(card.textContent).toContain("Admiral");
    expect(card.textContent).toContain("1.5k");
    expect(card.textContent).toContain("Joined");
    expect(within(card).getByRole("link", { name: "Message" }).getAttribute("href")).toBe("/messages/add/Grace");
    expect(within(card).getByRole("link", { name: "View Profile" }).getAttribute("href")).toBe("/profile/Grace");
  });

  it("has no Message button for guests, banned users or without conversations.add", async () => {
    await openCard({ ...ada, banned: 1 }, { ...memberMe, permissions: [...memberMe.permissions, "personalInfo.view"] });
    await screen.findByRole("link", { name: "View Profile" });
    expect(screen.queryByRole("link", { name: "Message" })).toBeNull();
    cleanup();

    await openCard(ada, { ...memberMe, permissions: ["profiles.view"] });
    await screen.findByRole("link", { name: "View Profile" });
    expect(screen.queryByRole("link", { name: "Message" })).toBeNull();
  });

  it("shows a restricted card for a private profile", async () => {
    await openCard({ ...ada, private: true, title: null, countDiscussions: 0, countComments: 0 });
    const card = await screen.findByRole("dialog", { name: "Grace" });
    await within(card).findByText("This user's profile is private.");
    expect(card.textContent).not.toContain("Joined");
  });

  it("shows the not-found state on a 404", async () => {
    await openCard(null, memberMe, 404);
    expect(await screen.findByText("The user you were looking for could not be found.")).toBeTruthy();
  });

  it("stays a plain link for viewers who may not see cards", async () => {
    renderWithShell(<UserLink user={{ userID: 12, name: "Grace" }} />, { me: { ...guestMe, permissions: [] } });
    const link = await screen.findByRole("link", { name: "Grace" });
    expect(link.getAttribute("aria-haspopup")).toBeNull();
    act(() => {
      fireEvent.click(link);
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

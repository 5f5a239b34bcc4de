import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { RouterProvider, createMemoryRouter, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { notFoundError } from "../lib/route-errors.ts";
import { GenericErrorPage, NotFoundPage, PermissionPage, RouteErrorPage } from "./ErrorPages.tsx";
import { TestProviders, guestMe, memberMe, renderWithShell } from "./testing.tsx";

afterEach(cleanup);

const renderPage = (page: ReactElement, me = guestMe) => renderWithShell(page, { me, path: "/secret?x=1" });

const linkHref = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("NotFoundPage", () => {
  it("names the missing record and links back home", async () => {
    renderPage(<NotFoundPage type="Category" />);

    expect(await screen.findByRole("heading", { level: 1, name: "Category Not Found" })).toBeTruthy();
    expect(screen.getByText("The category you were looking for could not be found.")).toBeTruthy();
    expect(linkHref("Back to home page")).toBe("/");
    await waitFor(() => expect(document.title).toBe("Category Not Found - Parley"));
  });

  it("is about a page by default", async () => {
    renderPage(<NotFoundPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Page Not Found" })).toBeTruthy();
    expect(screen.getByText("The page you were looking for could not be found.")).toBeTruthy();
  });
});

describe("PermissionPage", () => {
  it("explains the permission problem, offers guests Sign In and links back home", async () => {
    renderPage(<PermissionPage />);

    expect(await screen.findByRole("heading", { level: 1, name: "Permission Problem" })).toBeTruthy();
    expect(screen.getByText("You don't have permission to view this resource.")).toBeTruthy();
    expect(linkHref("Sign In")).toBe("/entry/signin?Target=%2Fsecret%3Fx%3D1");
    expect(linkHref("Back to Home")).toBe("/");
    await waitFor(() => expect(document.title).toBe("Permission Problem - Parley"));
  });

  it("offers no Sign In to a signed-in member", async () => {
    renderPage(<PermissionPage />, memberMe);
    expect(await screen.findByRole("heading", { level: 1, name: "Permission Problem" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    expect(linkHref("Back to Home")).toBe("/");
  });
});

describe("GenericErrorPage", () => {
  it("says there was an error and links back home", async () => {
    renderPage(<GenericErrorPage />);

    expect(await screen.findByRole("heading", { level: 1, name: "There was an error" })).toBeTruthy();
    expect(screen.getByText("Please try again later.")).toBeTruthy();
    expect(linkHref("Back to Home")).toBe("/");
    await waitFor(() => expect(document.title).toBe("There was an error - Parley"));
  });
});

describe("RouteErrorPage", () => {
  const renderError = (thrown: unknown) => {
    const router = createMemoryRouter([
      {
        path: "/",
        errorElement: <RouteErrorPage />,
        loader: () => {
          throw thrown;
        },
        element: <p>Loaded</p>,
      },
    ]);
    return render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
  };

  it("shows the not-found page for a 404 with the record type", async () => {
    renderError(notFoundError("Discussion"));
    expect(await screen.findByRole("heading", { level: 1, name: "Discussion Not Found" })).toBeTruthy();
    expect(screen.getByText("The discussion you were looking for could not be found.")).toBeTruthy();
  });

  it("shows the permission page for a 403", async () => {
    renderError(data({ type: "Category" }, { status: 403 }));
    expect(await screen.findByRole("heading", { level: 1, name: "Permission Problem" })).toBeTruthy();
  });

  it("shows the generic page for other errors", async () => {
    renderError(new Error("boom"));
    expect(await screen.findByRole("heading", { level: 1, name: "There was an error" })).toBeTruthy();
    expect(screen.queryByText("Loaded")).toBeNull();
  });
});

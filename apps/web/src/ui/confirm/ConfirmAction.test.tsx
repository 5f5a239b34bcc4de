import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SessionProvider } from "../../lib/session.tsx";
import { ConfirmAction } from "./ConfirmAction.tsx";

afterEach(cleanup);

const renderAt = (element: React.ReactNode) => {
  const router = createMemoryRouter([{ path: "/dashboard/tags", element, action: () => null }], {
    initialEntries: ["/dashboard/tags"],
  });
  render(
    <SessionProvider transientKey="tk-123">
      <RouterProvider router={router} />
    </SessionProvider>,
  );
};

describe("ConfirmAction", () => {
  it("is an alert dialog named and described by what will happen, whose form posts the fields again, confirmed", () => {
    renderAt(
      <ConfirmAction
        id="tags-confirm"
        title="Delete “Gardening”?"
        text="This cannot be undone."
        fields={{ intent: "delete", tagID: "7", name: "Gardening" }}
        cancelTo="/dashboard/tags"
        busy={false}
      />,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Delete “Gardening”?" });
    expect(dialog.getAttribute("aria-describedby")).toBe("tags-confirm-text");
    expect(screen.getByText("This cannot be undone.").id).toBe("tags-confirm-text");
    const form = dialog.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      transientKey: "tk-123",
      intent: "delete",
      tagID: "7",
      name: "Gardening",
      confirmed: "yes",
    });
    // The button that does it takes the focus; Cancel goes back.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete" }));
    expect(screen.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/dashboard/tags");
  });

  it("says what the action is, and takes the level of heading its place needs", () => {
    renderAt(
      <ConfirmAction
        id="merge"
        title="Merge?"
        text="Both become one."
        fields={{ intent: "merge" }}
        confirmLabel="Merge"
        cancelTo="/dashboard/tags"
        busy={false}
        headingLevel={3}
      />,
    );
    expect(screen.getByRole("heading", { level: 3, name: "Merge?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Merge" })).toBeTruthy();
  });
});

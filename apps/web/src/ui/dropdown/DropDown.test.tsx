import "../test/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { DropDown, DropDownFlyout, DropDownItem, DropDownSection, DropDownSeparator } from "./DropDown.tsx";

afterEach(cleanup);

const open = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const pressEscape = () => fireEvent.keyDown(document.activeElement!, { key: "Escape" });

function AccountMenu({ onAction = () => {} }: { onAction?: (key: unknown) => void }) {
  return (
    <DropDown label="My Account" onAction={onAction}>
      <DropDownSection title="Profile">
        <DropDownItem id="edit">Edit Profile</DropDownItem>
      </DropDownSection>
      <DropDownSeparator />
      <DropDownItem id="signout">Sign Out</DropDownItem>
    </DropDown>
  );
}

describe("DropDown", () => {
  it("opens a menu of the §9 width (its code loaded on the first press) and reports the chosen item", async () => {
    const handleAction = vi.fn();
    render(<AccountMenu onAction={handleAction} />);
    expect(screen.queryByRole("menu")).toBeNull();
    const trigger = screen.getByRole("button", { name: "My Account" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");

    open("My Account");
    const menu = await screen.findByRole("menu", { name: "My Account" });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Profile")).toBeTruthy();
    expect((menu.closest("[data-trigger]") as HTMLElement).style.getPropertyValue("--dropdown-width")).toBe(
      `${limits.sizes.dropDownWidth}px`,
    );

    fireEvent.click(screen.getByRole("menuitem", { name: "Sign Out" }));
    expect(handleAction).toHaveBeenCalledOnce();
    expect(handleAction.mock.calls[0]![0]).toBe("signout");
  });

  it("closes on Escape and gives focus back to the trigger", async () => {
    render(<AccountMenu />);
    const trigger = screen.getByRole("button", { name: "My Account" });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    fireEvent.keyUp(trigger, { key: "ArrowDown" });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Edit Profile" })));

    pressEscape();
    expect(screen.queryByRole("menu")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("closes when another flyout opens", () => {
    render(
      <>
        <AccountMenu />
        <DropDownFlyout label="Notifications">
          <p>No notifications</p>
        </DropDownFlyout>
      </>,
    );
    open("My Account");
    expect(screen.getByRole("menu", { name: "My Account" })).toBeTruthy();

    act(() => {
      // Opened from code (as a keyboard shortcut or a mega-menu hover would), not by a click outside.
      screen
        .getByRole("button", { name: "Notifications", hidden: true })
        .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(screen.getByRole("dialog", { name: "Notifications" })).toBeTruthy();
    expect(screen.queryByRole("menu", { name: "My Account" })).toBeNull();
  });

  it("makes items with href links that navigate inside the router", () => {
    render(
      <MemoryRouter initialEntries={["/"]}>
        <DropDown label="Menu">
          <DropDownItem href="/profile">Profile</DropDownItem>
        </DropDown>
        <Routes>
          <Route path="/" element={<p>Home</p>} />
          <Route path="/profile" element={<p>Profile page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    open("Menu");
    const item = screen.getByRole("menuitem", { name: "Profile" });
    expect(item.getAttribute("href")).toBe("/profile");
    fireEvent.click(item);
    expect(screen.getByText("Profile page")).toBeTruthy();
  });
});

describe("DropDownFlyout", () => {
  it("shows free content at least 350 wide, closes on Escape with focus back on the trigger", async () => {
    render(
      <DropDownFlyout label="Notifications" buttonContent={<span aria-hidden="true">🔔</span>}>
        {(close) => (
          <>
            <p>No notifications</p>
            <button onClick={close}>Done</button>
          </>
        )}
      </DropDownFlyout>,
    );
    const trigger = screen.getByRole("button", { name: "Notifications" });
    trigger.focus();
    open("Notifications");
    const dialog = screen.getByRole("dialog", { name: "Notifications" });
    expect((dialog.closest("[data-trigger]") as HTMLElement).style.getPropertyValue("--dropdown-min-width")).toBe(
      `${limits.sizes.dropDownMinWidth}px`,
    );
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    pressEscape();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    open("Notifications");
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

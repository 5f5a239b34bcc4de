// @vitest-environment node
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Button, ButtonLink } from "./button/Button.tsx";
import { Collapsible } from "./collapsible/Collapsible.tsx";
import { CountBadge } from "./count-badge/CountBadge.tsx";
import { DateTime } from "./date/DateTime.tsx";
import { DropDown, DropDownFlyout, DropDownItem } from "./dropdown/DropDown.tsx";
import { Loader } from "./loader/Loader.tsx";
import { ConfirmModal, Modal } from "./modal/Modal.tsx";
import { Pager } from "./pager/Pager.tsx";
import { Skeleton } from "./skeleton/Skeleton.tsx";
import { ToastProvider } from "./toast/ToastProvider.tsx";
import { Tooltip } from "./tooltip/Tooltip.tsx";
import { UserPhoto } from "./user-photo/UserPhoto.tsx";

/** Every primitive renders on the server (no `window`, no `document`) with its readable content. */
describe("server rendering of the primitives", () => {
  it("runs without a DOM", () => {
    expect(typeof window).toBe("undefined");
  });

  it("renders every component", () => {
    const html = renderToString(
      <MemoryRouter>
        <ToastProvider>
          <Button buttonType="primary">Save</Button>
          <ButtonLink to="/entry/signin">Sign In</ButtonLink>
          <CountBadge count={120} label="120 unread notifications" />
          <DropDown label="My Account">
            <DropDownItem id="profile">Profile</DropDownItem>
          </DropDown>
          <DropDownFlyout label="Notifications">
            <p>None</p>
          </DropDownFlyout>
          <Modal isOpen title="Server modal">
            <p>Body</p>
          </Modal>
          <ConfirmModal isOpen onConfirm={() => {}} onCancel={() => {}} />
          <Tooltip label="Tip">
            <Button>Has a tip</Button>
          </Tooltip>
          <Loader />
          <Skeleton />
          <Collapsible>
            <p>Collapsible text</p>
          </Collapsible>
          <UserPhoto name="Ada" photoUrl="/ada.png" />
          <Pager page={2} limit={10} total={50} href={(n) => `/discussions/p${n}`} label="Pages" />
          <DateTime date="2024-01-05T15:04:00Z" mode="fixed" />
        </ToastProvider>
      </MemoryRouter>,
    );
    for (const text of ["Save", "Sign In", "99+", "My Account", "Notifications", "Has a tip", "Collapsible text"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('href="/entry/signin"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain("11 - 20 of 50");
    expect(html).toContain("Jan 5, 2024");
    expect(html).toContain('src="/ada.png"');
    // Overlays open only in the browser.
    expect(html).not.toContain("Server modal");
  });
});

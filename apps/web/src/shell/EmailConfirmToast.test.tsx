import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EmailConfirmToast } from "./EmailConfirmToast.tsx";
import { guestMe, memberMe, renderWithShell } from "./testing.tsx";

afterEach(cleanup);

describe("EmailConfirmToast (spec §5)", () => {
  it("tells a signed-in member with an unconfirmed e-mail, with the resend link", async () => {
    renderWithShell(<EmailConfirmToast />, { me: { ...memberMe, emailConfirmed: false } });
    const toast = await screen.findByRole("status");
    expect(toast.textContent).toBe("Your email address is not confirmed. Resend confirmation email");
    expect(screen.getByRole("link", { name: "Resend confirmation email" }).getAttribute("href")).toBe(
      "/entry/emailconfirmrequest",
    );
  });

  it("says nothing to guests or confirmed members", async () => {
    renderWithShell(
      <>
        <p>page</p>
        <EmailConfirmToast />
      </>,
      { me: guestMe },
    );
    await screen.findByText("page");
    expect(screen.queryByRole("status")).toBeNull();
    cleanup();
    renderWithShell(
      <>
        <p>page</p>
        <EmailConfirmToast />
      </>,
      { me: memberMe },
    );
    await screen.findByText("page");
    expect(screen.queryByRole("status")).toBeNull();
  });
});

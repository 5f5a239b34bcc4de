import "../test/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { ConfirmModal, Modal, type ModalSize } from "./Modal.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.getElementById("modals")?.remove();
});

function Harness({ size }: { size?: ModalSize }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal isOpen={isOpen} onOpenChange={setOpen} title="Announce" size={size} footer={<p>Footer</p>}>
        <p>Body text</p>
      </Modal>
    </>
  );
}

const openModal = () => fireEvent.click(screen.getByRole("button", { name: "Open" }));

describe("Modal", () => {
  it("is a dialog named by its title, of the §9 width for its size (its code loads when it opens)", async () => {
    render(<Harness size="large" />);
    expect(screen.queryByRole("dialog")).toBeNull();
    openModal();
    const dialog = await screen.findByRole("dialog", { name: "Announce" });
    expect(screen.getByText("Body text")).toBeTruthy();
    expect(screen.getByText("Footer")).toBeTruthy();
    const modal = dialog.parentElement!;
    expect(modal.style.getPropertyValue("--modal-width")).toBe(`${limits.sizes.modal.large}px`);
  });

  it("is destroyed after its exit transition, not before", async () => {
    render(<Harness />);
    openModal();
    expect(await screen.findByRole("dialog")).toBeTruthy();

    // From now on every element has a running animation that ends when we say so.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    Object.defineProperty(Element.prototype, "getAnimations", {
      configurable: true,
      value: () => [{ playState: "running", finished }],
    });
    try {
      fireEvent.click(screen.getByRole("button", { name: "Close" }));
      const dialog = screen.getByRole("dialog", { hidden: true });
      expect(dialog.closest("[data-exiting]")).toBeTruthy();

      await act(async () => {
        finish();
        await finished;
      });
      expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    } finally {
      delete (Element.prototype as { getAnimations?: unknown }).getAnimations;
    }
  });

  it("closes on Escape and returns focus to the button that opened it", async () => {
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    openModal();
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("renders into the #modals container when the page has one", async () => {
    const container = document.createElement("div");
    container.id = "modals";
    document.body.append(container);
    render(<Harness />);
    openModal();
    expect(container.contains(await screen.findByRole("dialog"))).toBe(true);
  });
});

describe("ConfirmModal", () => {
  it("asks, then calls onConfirm or onCancel", async () => {
    const handleConfirm = vi.fn();
    const handleCancel = vi.fn();
    render(
      <ConfirmModal isOpen onConfirm={handleConfirm} onCancel={handleCancel} confirmLabel="Delete">
        Are you sure you want to delete this discussion?
      </ConfirmModal>,
    );
    expect(await screen.findByRole("dialog", { name: "Confirm" })).toBeTruthy();
    expect(screen.getByText("Are you sure you want to delete this discussion?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    expect(handleConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(handleCancel).toHaveBeenCalledOnce();
  });

  it("asks 'Are you sure you want to do this?' by default", async () => {
    render(<ConfirmModal isOpen onConfirm={() => {}} onCancel={() => {}} />);
    expect(await screen.findByText("Are you sure you want to do this?")).toBeTruthy();
  });
});

import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
import { UserPhoto, type UserPhotoSize } from "./UserPhoto.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const silhouette = (container: HTMLElement) => container.querySelector("[data-default-photo]");

describe("UserPhoto", () => {
  it("shows the photo, named by the user's name", () => {
    render(<UserPhoto name="Ada" photoUrl="https://example.test/ada.png" />);
    const img = screen.getByRole("img", { name: "Ada" });
    expect(img.getAttribute("src")).toBe("https://example.test/ada.png");
  });

  it("is decorative next to the name", () => {
    const { container } = render(<UserPhoto name="Ada" photoUrl="https://example.test/ada.png" decorative />);
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(screen.queryByRole("img", { name: "Ada" })).toBeNull();
  });

  it("has the §9 size for each size name", () => {
    for (const size of Object.keys(limits.sizes.userPhoto) as UserPhotoSize[]) {
      const { container, unmount } = render(<UserPhoto name="Ada" size={size} />);
      const box = container.firstElementChild as HTMLElement;
      expect(box.style.getPropertyValue("--user-photo-size")).toBe(`${limits.sizes.userPhoto[size]}px`);
      unmount();
    }
  });

  it("falls back to the silhouette without a photo", () => {
    const { container } = render(<UserPhoto name="Ada" photoUrl="" />);
    expect(silhouette(container)).toBeTruthy();
    expect(screen.getByRole("img", { name: "Ada" })).toBe(silhouette(container));
  });

  it("falls back to the silhouette when the image fails to load", () => {
    const { container } = render(<UserPhoto name="Ada" photoUrl="https://example.test/gone.png" decorative />);
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    expect(silhouette(container)?.getAttribute("aria-hidden")).toBe("true");
  });

  it("notices an image that failed before hydration", () => {
    vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, "naturalWidth", "get").mockReturnValue(0);
    const { container } = render(<UserPhoto name="Ada" photoUrl="https://example.test/gone.png" />);
    expect(container.querySelector("img")).toBeNull();
    expect(silhouette(container)).toBeTruthy();
  });

  it("keeps a loaded image", () => {
    vi.spyOn(HTMLImageElement.prototype, "complete", "get").mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, "naturalWidth", "get").mockReturnValue(40);
    const { container } = render(<UserPhoto name="Ada" photoUrl="https://example.test/ada.png" />);
    expect(container.querySelector("img")).toBeTruthy();
  });

  it("server-renders the image", () => {
    const html = renderToString(<UserPhoto name="Ada" photoUrl="https://example.test/ada.png" />);
    expect(html).toContain('src="https://example.test/ada.png"');
  });
});

import "../test/dom.ts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Pager, pagerRange, type PagerProps } from "./Pager.tsx";
import { cleanJumpInput } from "./PagerJump.tsx";

afterEach(cleanup);

const href = (n: number) => (n === 1 ? "/discussions" : `/discussions/p${n}`);

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderPager(props: Partial<PagerProps> & Pick<PagerProps, "page">) {
  const path = href(props.page);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Pager limit={30} total={300} href={href} label="Discussions pages" {...props} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId("location").textContent;
/** Opens the jump form (its code loads on the first press) and waits for its field. */
const openJump = async () => {
  fireEvent.click(screen.getByRole("button", { name: "Jump to a specific page" }));
  await screen.findByRole("textbox", { name: "Jump to page" });
};
const jumpField = () => screen.getByRole<HTMLInputElement>("textbox", { name: "Jump to page" });
const type = (value: string) => fireEvent.change(jumpField(), { target: { value } });
const go = () => fireEvent.click(screen.getByRole("button", { name: "Go" }));

describe("pagerRange", () => {
  it("reads 'a - b of total'", () => {
    expect(pagerRange(1, 30, 300)).toBe("1 - 30 of 300");
    expect(pagerRange(10, 30, 295)).toBe("271 - 295 of 295");
  });

  it("adds '+' when more pages may exist", () => {
    expect(pagerRange(2, 30, 300, true)).toBe("31 - 60 of 300+");
  });

  it("abbreviates counts above 999", () => {
    expect(pagerRange(1, 30, 999)).toBe("1 - 30 of 999");
    expect(pagerRange(34, 30, 12_345)).toBe("991 - 1k of 12.3k");
    expect(pagerRange(40, 30, 1_500_000, true)).toBe("1.1k - 1.2k of 1.5m+");
  });
});

describe("Pager", () => {
  it("links every page for readers without JavaScript", () => {
    renderPager({ page: 5 });
    expect(screen.getByText("121 - 150 of 300")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Previous Page" }).getAttribute("href")).toBe("/discussions/p4");
    expect(screen.getByRole("link", { name: "Next Page" }).getAttribute("href")).toBe("/discussions/p6");
    expect(screen.getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe("/discussions");
    expect(screen.getByRole("link", { name: "Page 10" }).getAttribute("href")).toBe("/discussions/p10");
    expect(screen.getByRole("link", { name: "Page 5" }).getAttribute("aria-current")).toBe("page");
  });

  it("disables previous on page 1 and next on the last page", () => {
    renderPager({ page: 1 });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Previous Page" }).disabled).toBe(true);
    cleanup();
    renderPager({ page: 10 });
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Next Page" }).disabled).toBe(true);
  });

  it("keeps next enabled on the last counted page when more pages may exist", () => {
    renderPager({ page: 10, hasMore: true });
    expect(screen.getByText("271 - 300 of 300+")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Next Page" }).getAttribute("href")).toBe("/discussions/p11");
  });

  it("has a 'Next Page' button variant", () => {
    renderPager({ page: 2, showNextButton: true });
    const buttons = screen.getAllByRole("link", { name: "Next Page" });
    expect(buttons).toHaveLength(2);
    expect(buttons.every((link) => link.getAttribute("href") === "/discussions/p3")).toBe(true);
    cleanup();
    renderPager({ page: 10, showNextButton: true });
    expect(screen.queryByRole("link", { name: "Next Page" })).toBeNull();
  });

  it("is absent when there is nothing to page", () => {
    const { container } = renderPager({ page: 1, total: 0 });
    expect(container.querySelector("nav")).toBeNull();
  });

  it("jumps to the typed page", async () => {
    renderPager({ page: 1 });
    await openJump();
    expect(screen.getByText("of 10")).toBeTruthy();
    expect(jumpField().value).toBe("1");
    type("7");
    go();
    expect(location()).toBe("/discussions/p7");
  });

  it("accepts digits only", async () => {
    renderPager({ page: 1 });
    await openJump();
    type("4a-");
    expect(jumpField().value).toBe("4");
    type("abc");
    expect(jumpField().value).toBe("");
  });

  it("clamps to 1..total pages", async () => {
    renderPager({ page: 3 });
    await openJump();
    type("250");
    expect(jumpField().value).toBe("10");
    go();
    expect(location()).toBe("/discussions/p10");
    cleanup();
    renderPager({ page: 3 });
    await openJump();
    type("0");
    expect(jumpField().value).toBe("1");
    go();
    expect(location()).toBe("/discussions");
  });

  it("stays on the current page on an empty submit", async () => {
    renderPager({ page: 4 });
    await openJump();
    type("");
    go();
    expect(location()).toBe("/discussions/p4");
    expect(screen.getByText("91 - 120 of 300")).toBeTruthy();
  });

  it("goes back to the post count, focus on the jump button", async () => {
    renderPager({ page: 2 });
    await openJump();
    await waitFor(() => expect(document.activeElement).toBe(jumpField()));
    fireEvent.click(screen.getByRole("button", { name: "Back to post count" }));
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText("31 - 60 of 300")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Jump to a specific page" }));
  });

  it("server-renders without the jump button and hydrates without a mismatch", async () => {
    const tree = (
      <MemoryRouter initialEntries={["/discussions/p2"]}>
        <Pager page={2} limit={30} total={300} href={href} label="Discussions pages" />
      </MemoryRouter>
    );
    const html = renderToString(tree);
    expect(html).toContain('href="/discussions/p3"');
    expect(html).not.toContain("Jump to a specific page");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Jump to a specific page" })).toBeTruthy();
    act(() => root.unmount());
    container.remove();
    consoleError.mockRestore();
  });
});

describe("cleanJumpInput", () => {
  it("keeps digits, clamps, and leaves empty as empty", () => {
    expect(cleanJumpInput("12", 20)).toBe("12");
    expect(cleanJumpInput("1x2", 20)).toBe("12");
    expect(cleanJumpInput("99", 20)).toBe("20");
    expect(cleanJumpInput("0", 20)).toBe("1");
    expect(cleanJumpInput("", 20)).toBe("");
    expect(cleanJumpInput("-", 20)).toBe("");
  });
});

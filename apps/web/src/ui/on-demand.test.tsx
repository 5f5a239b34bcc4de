import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadServerRenderedParts, onDemand, useOnDemand, type OnDemand } from "./on-demand.ts";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

const fakeModule = { Part: () => <p>Loaded part</p> };

function Host({ part }: { part: OnDemand<typeof fakeModule> }) {
  const { module, preload } = useOnDemand(part);
  return module ? (
    <module.Part />
  ) : (
    <button type="button" onClick={preload}>
      Load
    </button>
  );
}

describe("onDemand", () => {
  it("imports once, on the first intent, then renders the module", async () => {
    const importer = vi.fn(() => Promise.resolve(fakeModule));
    const part = onDemand(importer);
    render(<Host part={part} />);
    expect(importer).not.toHaveBeenCalled();
    act(() => screen.getByRole("button", { name: "Load" }).click());
    expect(await screen.findByText("Loaded part")).toBeTruthy();
    await part.load();
    expect(importer).toHaveBeenCalledOnce();
  });

  it("renders at once where the module has loaded already", async () => {
    const part = onDemand(() => Promise.resolve(fakeModule));
    await part.load();
    render(<Host part={part} />);
    expect(screen.getByText("Loaded part")).toBeTruthy();
  });

  it("retries after a failed import", async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(fakeModule);
    const part = onDemand(importer);
    await expect(part.load()).rejects.toThrow("offline");
    await expect(part.load()).resolves.toBe(fakeModule);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("before hydration, loads the parts the server rendered into the page and only those", async () => {
    const rendered = vi.fn(() => Promise.resolve(fakeModule));
    const absent = vi.fn(() => Promise.resolve(fakeModule));
    const renderedPart = onDemand(rendered, { rendered: "[data-test-rendered]" });
    const absentPart = onDemand(absent, { rendered: "[data-test-absent]" });
    document.body.innerHTML = `<div id="app"><button data-test-rendered>Like</button></div>`;
    await loadServerRenderedParts();
    expect(rendered).toHaveBeenCalledOnce();
    expect(renderedPart.current()).toBe(fakeModule);
    expect(absent).not.toHaveBeenCalled();
    expect(absentPart.current()).toBeUndefined();
  });
});

import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CustomFragment } from "./CustomFragment.tsx";

afterEach(cleanup);

const uuid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const frameUrl = `https://forum.example/api/v2/fragments/${uuid}/frame?fragmentRevisionUUID=r1`;

describe("CustomFragment", () => {
  it("frames the active revision in a sandbox that allows scripts and nothing else, with the layout's props", () => {
    render(
      <CustomFragment
        fragmentImpl={{ fragmentUUID: uuid, frameUrl }}
        title="Welcome"
        props={{ who: "<you>" }}
        height={120}
      />,
    );
    const frame = screen.getByTitle("Welcome");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts");
    expect(frame.getAttribute("height")).toBe("120");
    expect(frame.getAttribute("loading")).toBe("lazy");
    // Root-relative, on the page's own origin; the props as JSON in the address.
    const src = new URL(frame.getAttribute("src")!, "https://page.example");
    expect(src.origin + src.pathname).toBe(`https://page.example/api/v2/fragments/${uuid}/frame`);
    expect(src.searchParams.get("fragmentRevisionUUID")).toBe("r1");
    expect(JSON.parse(src.searchParams.get("props")!)).toEqual({ who: "<you>" });
  });

  it("passes a preview data set instead of props when the layout names one, and has a name and height by default", () => {
    render(
      <CustomFragment fragmentImpl={{ fragmentUUID: uuid, frameUrl }} previewDataUUID="p1" props={{ who: "x" }} />,
    );
    const frame = screen.getByTitle("Fragment");
    const src = new URL(frame.getAttribute("src")!, "https://page.example");
    expect(src.searchParams.get("previewDataUUID")).toBe("p1");
    expect(src.searchParams.has("props")).toBe(false);
    expect(frame.getAttribute("height")).toBe("300");
  });

  it("says 'Error Loading Fragment' for a fragment without an active revision, and frames nothing", () => {
    const { container } = render(<CustomFragment fragmentImpl={{ fragmentUUID: uuid }} title="Welcome" />);
    expect(screen.getByRole("alert").textContent).toBe("Error Loading Fragment");
    expect(container.querySelector("iframe")).toBeNull();
  });
});

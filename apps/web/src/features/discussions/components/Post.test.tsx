import { cleanup, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { UserFragment } from "@parley/contracts";
import { renderWithShell } from "../../../shell/testing.tsx";
import { jsonResponse } from "../../../test/fixtures.ts";
import { Post } from "./Post.tsx";

const writer: UserFragment = {
  userID: 7,
  name: "Writer",
  photoUrl: "/images/default-avatar.svg",
  url: "/profile/Writer",
  dateLastActive: null,
  signature: { body: "<p><strong>Cheers</strong></p>", format: "markdown" },
};

const renderPost = (author: UserFragment, hideMobile: boolean) =>
  renderWithShell(<Post author={author} dateInserted="2025-01-01T12:00:00Z" dateUpdated={null} body="<p>Hi</p>" />, {
    routes: {
      "GET /config": jsonResponse({ "ui.editContentTimeout": -1, "signatures.hideMobile": hideMobile }),
    },
  });

describe("Post signature", () => {
  afterEach(cleanup);

  it("shows the author's signature under the body", async () => {
    const { container } = renderPost(writer, false);
    const signature = container.querySelector("[data-part=signature]");
    expect(signature?.innerHTML).toBe("<p><strong>Cheers</strong></p>");
    expect(signature?.previousElementSibling?.innerHTML).toBe("<p>Hi</p>");
    await waitFor(() => expect(signature?.className).toMatch(/signature/));
    expect(signature?.className).not.toMatch(/HideMobile/);
  });

  it("marks it to hide on narrow screens when signatures.hideMobile is set", async () => {
    const { container } = renderPost(writer, true);
    await waitFor(() => expect(container.querySelector("[data-part=signature]")?.className).toMatch(/HideMobile/));
  });

  it("shows nothing without a signature", () => {
    const { container } = renderPost({ ...writer, signature: null }, true);
    expect(container.querySelector("[data-part=signature]")).toBeNull();
  });
});

describe("Post rank label", () => {
  afterEach(cleanup);

  it("shows the author's rank label beside their name, and none without a rank", () => {
    const ranked = { ...writer, rank: { rankID: 4, name: "Regular", userTitle: "Old hand" } };
    const { container } = renderPost(ranked, false);
    const label = container.querySelector("[data-part=rank-label]");
    expect(label?.textContent).toBe("Old hand");
    expect(label?.previousElementSibling?.textContent).toBe("Writer");
    cleanup();
    expect(renderPost(writer, false).container.querySelector("[data-part=rank-label]")).toBeNull();
  });
});

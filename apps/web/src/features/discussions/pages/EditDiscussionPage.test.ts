import { describe, expect, it } from "vitest";
import { editedFormat, readEditDiscussionID } from "./EditDiscussionPage.tsx";

describe("the edit page", () => {
  it("reads /post/editdiscussion/{id}[/{draftID}]", () => {
    expect(readEditDiscussionID({ id: "12" })).toBe(12);
    expect(readEditDiscussionID({ id: "12", draftID: "0" })).toBe(12);
    expect(readEditDiscussionID({ id: "0" })).toBeNull();
    expect(readEditDiscussionID({ id: "x" })).toBeNull();
  });

  it("keeps a rich2 body rich2 when it comes back from the plain text area, and other formats as posted", () => {
    const rich = JSON.stringify([{ type: "p", children: [{ text: "Hi" }] }]);
    expect(editedFormat("markdown", "rich2", rich)).toBe("rich2");
    expect(editedFormat("rich2", "rich2", rich)).toBe("rich2");
    expect(editedFormat("markdown", "rich2", "Rewritten as text")).toBe("markdown");
    expect(editedFormat("markdown", "markdown", rich)).toBe("markdown");
    expect(editedFormat("", "text", "plain")).toBe("text");
  });
});

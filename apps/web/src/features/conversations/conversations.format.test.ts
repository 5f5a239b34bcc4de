import { describe, expect, it } from "vitest";
import { conversationRules } from "@parley/contracts/conversations-constants";
import { messageFormat, tooLong } from "./conversations.routes.tsx";

const form = (format?: string) => {
  const data = new FormData();
  data.set("body", "Hello");
  if (format !== undefined) data.set("format", format);
  return data;
};

describe("message forms", () => {
  it("post the rich editor's rich2, the text area's Markdown, and nothing else", () => {
    expect(messageFormat(form("rich2"))).toBe("rich2");
    expect(messageFormat(form("markdown"))).toBe("markdown");
    expect(messageFormat(form())).toBe("markdown");
    expect(messageFormat(form("html"))).toBe("markdown");
  });

  it("measure a plain message by its characters, a rich2 one by its source's cap only", () => {
    const long = "x".repeat(conversationRules.messageMaxLength + 1);
    expect(tooLong({ body: long, format: "markdown" })).toBe(true);
    expect(tooLong({ body: long, format: "rich2" })).toBe(false);
    expect(tooLong({ body: "x".repeat(conversationRules.messageSourceMaxLength + 1), format: "rich2" })).toBe(true);
  });
});

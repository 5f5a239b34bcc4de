import { describe, expect, it } from "vitest";
import { memberMe } from "../../shell/testing.tsx";
import { canStartConversation, mayMessage, messageRefusal } from "./conversations.permissions.ts";

const limits = { postsPerDay: 10, maxLinks: 2, maxImages: 1, trustPosts: 3, trustDays: 2 };

describe("who may start a conversation", () => {
  it("a member with the permission, unless the limits for new members say not yet (and why)", () => {
    expect(canStartConversation(memberMe)).toBe(true);
    expect(canStartConversation({ ...memberMe, newMember: null })).toBe(true);
    expect(canStartConversation({ ...memberMe, newMember: { ...limits, canMessage: true } })).toBe(true);
    const newcomer = { ...memberMe, newMember: { ...limits, canMessage: false } };
    expect(mayMessage(newcomer)).toBe(true);
    expect(canStartConversation(newcomer)).toBe(false);
    expect(messageRefusal(newcomer)).toBe(
      "New members cannot send private messages. You can send them after 3 posts or 2 days.",
    );
    expect(messageRefusal({ ...newcomer, newMember: { ...newcomer.newMember, trustPosts: 0 } })).toBe(
      "New members cannot send private messages. You can send them after 2 days.",
    );
    expect(canStartConversation({ ...memberMe, permissions: [] })).toBe(false);
  });
});

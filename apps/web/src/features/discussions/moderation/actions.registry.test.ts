import { describe, expect, it } from "vitest";
import { memberMe } from "../../../shell/testing.tsx";
import { makeDiscussion } from "../../../test/discussions.tsx";
import { builtinDiscussionActions } from "./actions.builtin.ts";
import {
  createActionRegistry,
  visibleActionGroups,
  type DiscussionAction,
  type DiscussionActionConfig,
} from "./actions.registry.ts";
import { noModerationSettings, readModerationSettings } from "./capabilities.ts";

const config = (overrides: Partial<DiscussionActionConfig> = {}): DiscussionActionConfig => ({
  ...noModerationSettings,
  me: memberMe,
  edit: { canEdit: false, label: "Edit" },
  ...overrides,
});

const ids = (groups: ReturnType<typeof visibleActionGroups>) =>
  groups.map(({ group, actions }) => `${group}: ${actions.map((action) => action.id).join(",")}`);

describe("the discussion action registry", () => {
  it("an add-on's entry needing a capability shows only once the server lists it", () => {
    const registry = createActionRegistry<DiscussionAction>(builtinDiscussionActions);
    registry.register({
      id: "integration",
      group: "flag",
      requires: "reports",
      label: () => "Send to Jira",
      isVisible: () => true,
      perform: () => undefined,
    });
    const discussion = makeDiscussion({ permissions: {} });
    expect(ids(visibleActionGroups(registry, discussion, config()))).toEqual(["others: bookmark,mute,share"]);
    const withReports = config({
      capabilities: readModerationSettings({ "moderation.capabilities": "reports" }).capabilities,
    });
    expect(ids(visibleActionGroups(registry, discussion, withReports))).toEqual([
      "flag: integration",
      "others: bookmark,mute,share",
    ]);
  });

  it("registering an id again replaces the entry in place; unregister removes it", () => {
    const registry = createActionRegistry<DiscussionAction>(builtinDiscussionActions);
    registry.register({ ...registry.get("share")!, label: () => "Share it" });
    expect(registry.all().map((action) => action.id)).toEqual(builtinDiscussionActions.map((action) => action.id));
    expect(registry.get("share")!.label(makeDiscussion(), config())).toBe("Share it");
    registry.unregister("share");
    expect(registry.get("share")).toBeUndefined();
  });

  it("reads the settings from GET /config, ignoring unknown capability names", () => {
    const settings = readModerationSettings({
      "tagging.enabled": true,
      "moderation.capabilities": "merge, split,unknown",
    });
    expect(settings.taggingEnabled).toBe(true);
    expect(settings.triageEnabled).toBe(false);
    expect([...settings.capabilities]).toEqual(["merge", "split"]);
    expect(readModerationSettings({}).capabilities.size).toBe(0);
  });
});

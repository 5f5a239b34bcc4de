/**
 * Moderation features whose API is not in every server yet (issue 10): their menu entries and bulk
 * actions are registered, and shown only once the server lists them in the public config key
 * `moderation.capabilities` (a comma-separated list; a server without the key has none). So the web app
 * never offers an action its server would answer with 404.
 */
const moderationCapabilities = [
  "revisions",
  "deletedComments",
  "reports",
  "collections",
  "changeAuthor",
  "merge",
  "split",
] as const;
export type ModerationCapability = (typeof moderationCapabilities)[number];

/** The config keys the moderation UI reads in one GET /config. */
export const moderationConfigKeys = ["tagging.enabled", "triage.enabled", "moderation.capabilities"] as const;

export interface ModerationSettings {
  taggingEnabled: boolean;
  /** Resolve is offered with staff.allow only while triage is on (spec §6). */
  triageEnabled: boolean;
  capabilities: ReadonlySet<ModerationCapability>;
}

const isCapability = (name: string): name is ModerationCapability =>
  (moderationCapabilities as readonly string[]).includes(name);

/** GET /config's answer → the settings; unknown keys and names are ignored. */
export function readModerationSettings(config: Record<string, unknown>): ModerationSettings {
  const listed = config["moderation.capabilities"];
  const names = typeof listed === "string" ? listed.split(",").map((name) => name.trim()) : [];
  return {
    taggingEnabled: config["tagging.enabled"] === true,
    triageEnabled: config["triage.enabled"] === true,
    capabilities: new Set(names.filter(isCapability)),
  };
}

export const noModerationSettings: ModerationSettings = {
  taggingEnabled: false,
  triageEnabled: false,
  capabilities: new Set(),
};

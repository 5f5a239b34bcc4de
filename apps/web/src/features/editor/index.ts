/** The editor's surface for other features' forms: the body editor (the rich editor loads on demand) and the mention lookup. */
export { BodyEditor, loadRichEditor } from "./BodyEditor.tsx";
export { createMentionLookup, type MentionUser } from "./mentions/mentionLookup.ts";
export { mentionUsersFetcher } from "./mentions/mentions.api.ts";

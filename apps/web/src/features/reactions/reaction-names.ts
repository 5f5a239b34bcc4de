import { msg, t } from "../../lib/i18n.ts";

/** The default reaction types' names (Vanilla's, seeded by migration 0003), marked for the language packs. */
const defaultNames: ReadonlySet<string> = new Set([
  msg("Promote"),
  msg("Off Topic"),
  msg("Insightful"),
  msg("Disagree"),
  msg("Agree"),
  msg("Dislike"),
  msg("Like"),
  msg("Vote Up"),
  msg("Vote Down"),
  msg("Support"),
  msg("Awesome"),
  msg("LOL"),
  msg("WTF"),
  msg("Spam"),
  msg("Abuse"),
]);

/** A reaction type's name as shown: a default one in the interface's language, an operator's own as written. */
export const reactionName = (name: string): string => (defaultNames.has(name) ? t(name) : name);

import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import * as m0001 from "./0001_initial.ts";
import * as m0002 from "./0002_accounts.ts";
import * as m0003 from "./0003_content.ts";
import * as m0004 from "./0004_media.ts";
import * as m0005 from "./0005_notifications.ts";
import * as m0006 from "./0006_signatures.ts";
import * as m0007 from "./0007_conversations.ts";
import * as m0008 from "./0008_search.ts";
import * as m0009 from "./0009_drafts.ts";
import * as m0010 from "./0010_moderation.ts";
import * as m0011 from "./0011_category_follows.ts";
import * as m0015 from "./0015_report_reasons.ts";
import * as m0016 from "./0016_search_names.ts";
import * as m0017 from "./0017_search_titles.ts";
import * as m0018 from "./0018_search_title_rows.ts";
import * as m0019 from "./0019_search_prefixes.ts";
import * as m0020 from "./0020_search_diacritics.ts";
import * as m0021 from "./0021_long_runner_jobs.ts";
import * as m0022 from "./0022_search_word_pairs.ts";
import * as m0023 from "./0023_translations.ts";
import * as m0024 from "./0024_themes.ts";
import * as m0025 from "./0025_comment_replies.ts";
import * as m0026 from "./0026_knowledge.ts";
import * as m0027 from "./0027_search_articles.ts";
import * as m0028 from "./0028_groups.ts";
import * as m0029 from "./0029_applicants.ts";
import * as m0030 from "./0030_search_groups.ts";
import * as m0031 from "./0031_site_totals.ts";
import * as m0032 from "./0032_ban_details.ts";
import * as m0033 from "./0033_category_post_types_media.ts";
import * as m0034 from "./0034_long_runner_tracking.ts";
import * as m0035 from "./0035_ignored_users.ts";
import * as m0036 from "./0036_online_hidden.ts";
import * as m0037 from "./0037_profile_text.ts";
import * as m0038 from "./0038_profile_fields.ts";
import * as m0039 from "./0039_privacy.ts";
import * as m0041 from "./0041_spam.ts";
import * as m0042 from "./0042_photo_thumbnail.ts";
import * as m0043 from "./0043_premoderation.ts";
import * as m0044 from "./0044_warnings.ts";
import * as m0045 from "./0045_ban_rules.ts";
import * as m0046 from "./0046_message_reports.ts";
import * as m0048 from "./0048_ban_rule_expiry.ts";
import * as m0049 from "./0049_deleted_discussions.ts";
import * as m0050 from "./0050_link_previews.ts";
import * as m0051 from "./0051_discussions_category_id.ts";
import * as m0052 from "./0052_discussions_category_inserted.ts";
import * as m0053 from "./0053_questions.ts";
import * as m0054 from "./0054_authenticators.ts";
import * as m0055 from "./0055_ideas.ts";
import * as m0056 from "./0056_jwt_sso.ts";
import * as m0057 from "./0057_discussions_date_resolved.ts";
import * as m0058 from "./0058_two_factor.ts";
import * as m0059 from "./0059_polls.ts";
import * as m0060 from "./0060_reputation.ts";
import * as m0061 from "./0061_ranks.ts";
import * as m0062 from "./0062_provider_signout_invitation_limits.ts";
import * as m0063 from "./0063_post_types.ts";
import * as m0064 from "./0064_rank_abilities.ts";
import * as m0065 from "./0065_statuses_canonical_category_preferences.ts";
import * as m0066 from "./0066_moderation_message_dismissals.ts";
import * as m0067 from "./0067_import_redirects.ts";
import * as m0068 from "./0068_user_mentions.ts";
import * as m0069 from "./0069_discussion_type_indexes.ts";
import * as m0070 from "./0070_dirty_records.ts";
import * as m0071 from "./0071_oauth2_authenticators.ts";
import * as m0072 from "./0072_theme_assets.ts";
import * as m0073 from "./0073_digest_deliveries.ts";
import * as m0074 from "./0074_email_templates.ts";
import * as m0075 from "./0075_layouts.ts";
import * as m0076 from "./0076_fragments.ts";
import * as m0077 from "./0077_custom_pages.ts";
import * as m0078 from "./0078_webhooks.ts";
import * as m0079 from "./0079_automation_rules.ts";
import * as m0080 from "./0080_automation_records.ts";
import * as m0081 from "./0081_attachments.ts";
import * as m0082 from "./0082_category_featured.ts";
import * as m0083 from "./0083_analytics.ts";
import * as m0084 from "./0084_subcommunities.ts";
import * as m0085 from "./0085_analytics_months.ts";

interface MigrationModule {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Every migration in order. Numbered, portable, never edited after it lands. */
const modules: Record<string, MigrationModule> = {
  "0001_initial": m0001,
  "0002_accounts": m0002,
  "0003_content": m0003,
  "0004_media": m0004,
  "0005_notifications": m0005,
  "0006_signatures": m0006,
  "0007_conversations": m0007,
  "0008_search": m0008,
  "0009_drafts": m0009,
  "0010_moderation": m0010,
  "0011_category_follows": m0011,
  "0015_report_reasons": m0015,
  "0016_search_names": m0016,
  "0017_search_titles": m0017,
  "0018_search_title_rows": m0018,
  "0019_search_prefixes": m0019,
  "0020_search_diacritics": m0020,
  "0021_long_runner_jobs": m0021,
  "0022_search_word_pairs": m0022,
  "0023_translations": m0023,
  "0024_themes": m0024,
  "0025_comment_replies": m0025,
  "0026_knowledge": m0026,
  "0027_search_articles": m0027,
  "0028_groups": m0028,
  "0029_applicants": m0029,
  "0030_search_groups": m0030,
  "0031_site_totals": m0031,
  "0032_ban_details": m0032,
  "0033_category_post_types_media": m0033,
  "0034_long_runner_tracking": m0034,
  "0035_ignored_users": m0035,
  "0036_online_hidden": m0036,
  "0037_profile_text": m0037,
  "0038_profile_fields": m0038,
  "0039_privacy": m0039,
  "0041_spam": m0041,
  "0042_photo_thumbnail": m0042,
  "0043_premoderation": m0043,
  "0044_warnings": m0044,
  "0045_ban_rules": m0045,
  "0046_message_reports": m0046,
  "0048_ban_rule_expiry": m0048,
  "0049_deleted_discussions": m0049,
  "0050_link_previews": m0050,
  "0051_discussions_category_id": m0051,
  "0052_discussions_category_inserted": m0052,
  "0053_questions": m0053,
  "0054_authenticators": m0054,
  "0055_ideas": m0055,
  "0056_jwt_sso": m0056,
  "0057_discussions_date_resolved": m0057,
  "0058_two_factor": m0058,
  "0059_polls": m0059,
  "0060_reputation": m0060,
  "0061_ranks": m0061,
  "0062_provider_signout_invitation_limits": m0062,
  "0063_post_types": m0063,
  "0064_rank_abilities": m0064,
  "0065_statuses_canonical_category_preferences": m0065,
  "0066_moderation_message_dismissals": m0066,
  "0067_import_redirects": m0067,
  "0068_user_mentions": m0068,
  "0069_discussion_type_indexes": m0069,
  "0070_dirty_records": m0070,
  "0071_oauth2_authenticators": m0071,
  "0072_theme_assets": m0072,
  "0073_digest_deliveries": m0073,
  "0074_email_templates": m0074,
  "0075_layouts": m0075,
  "0076_fragments": m0076,
  "0077_custom_pages": m0077,
  "0078_webhooks": m0078,
  "0079_automation_rules": m0079,
  "0080_automation_records": m0080,
  "0081_attachments": m0081,
  "0082_category_featured": m0082,
  "0083_analytics": m0083,
  "0084_subcommunities": m0084,
  "0085_analytics_months": m0085,
};

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(modules).map(([name, module]) => [
      name,
      {
        up: (db: Kysely<unknown>) => module.up(db, dialect),
        down: module.down ? (db: Kysely<unknown>) => module.down!(db, dialect) : undefined,
      },
    ]),
  );
}

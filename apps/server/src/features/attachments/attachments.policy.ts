import { permissionRule } from "../../platform/auth/access.ts";

/**
 * Who may do what with attachments. Vanilla shows a post's attachments (its Zendesk and Jira tickets) to staff
 * only, and lets moderators create and refresh them; so here: staff (`staff.allow`) and moderators
 * (`community.moderate`) who may see the post see its attachments, moderators create and refresh them, and site
 * managers configure the integrations. Members and guests never see one.
 */
export const attachmentsPolicy = {
  canView: permissionRule(["staff.allow", "community.moderate"]),
  canCreate: permissionRule("community.moderate"),
  canConfigure: permissionRule("site.manage"),
};

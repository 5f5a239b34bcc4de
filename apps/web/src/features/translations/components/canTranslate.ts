/** Who translates content: site.manage (spec §6; the server checks again). */
export const canTranslate = (me: { userID: number; isAdmin: boolean; permissions: string[] }) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

/** What the bans feature uses from other features: only through their public index. */
export {
  banAutomatically,
  memberAddresses,
  memberIdentities,
  membersAtAddresses,
  type UserFragments,
} from "../users/index.ts";
export { discussionAddressesOf, discussionAuthorsAt } from "../discussions/index.ts";
export { commentAddressesOf, commentAuthorsAt } from "../comments/index.ts";

/** The post buttons' permission rules of spec §5, from a discussion's `permissions`. */
type Permissions = Record<string, boolean> | undefined;

/** Reply: comments.add. */
export const canReply = (permissions: Permissions) => permissions?.["comments.add"] === true;

/** Quote: comments.add; on a closed discussion discussions.close as well. */
export const canQuote = (permissions: Permissions, closed: boolean) =>
  canReply(permissions) && (!closed || permissions?.["discussions.close"] === true);

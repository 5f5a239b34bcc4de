/** `hot`: recency plus a log of activity, so busy discussions float without burying new ones. */
export const hotScore = (dateLastComment: string, score: number, countComments: number) =>
  Date.parse(dateLastComment) / 1000 / 45_000 + Math.log10(Math.max(1, score + 2 * countComments + 1));

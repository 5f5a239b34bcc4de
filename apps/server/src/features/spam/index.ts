import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { createAkismetCheck } from "./spam.akismet.ts";
import { createRedisLiveBus, type ReportsService } from "./spam.deps.ts";
import { offlineSpamCheck } from "./spam.filter.ts";
import { createSpamRepo } from "./spam.repo.ts";
import { spamRoutes } from "./spam.routes.ts";
import { createScreen } from "./spam.screen.ts";
import { createWatchedWordsService } from "./spam.words.service.ts";
import { createWordList } from "./spam.words.ts";

const WORDS_CHANGED = "watchedWords.changed";

/**
 * Keeping spam out (issue 30): watched words under /api/v2/watched-words, and the screen every write of member
 * text passes (`platform.screening`): watched words, then the spam check (Akismet when a key is configured,
 * else the offline filter). The list is compiled in memory; a change reloads it here and, through Redis, in
 * every other process.
 */
export async function registerSpam(
  app: FastifyInstance,
  platform: Platform,
  deps: { reports: ReportsService },
): Promise<void> {
  const repo = createSpamRepo(platform.db);
  const words = createWordList(repo);
  const onError = (error: unknown) => app.log.error(error, "Spam");
  const bus = platform.config.redisUrl
    ? await createRedisLiveBus(platform.config.redisUrl, `spam:${platform.database.siteKey}`, onError)
    : null;
  bus?.subscribe((message) => {
    if (message.type === WORDS_CHANGED) words.reload().catch(onError);
  });
  const changed = async () => {
    await words.reload();
    await bus?.publish({ eventID: 0, channel: "spam", type: WORDS_CHANGED, data: null }).catch(onError);
  };
  const config = { akismetKey: null, akismetUrl: "https://rest.akismet.com", banAfter: 3, ...platform.config.spam };
  const check = config.akismetKey
    ? createAkismetCheck({ key: config.akismetKey, url: config.akismetUrl, fallback: offlineSpamCheck, onError })
    : offlineSpamCheck;
  platform.screening.use(createScreen({ repo, platform, words, check, config, reports: () => deps.reports }));
  app.addHook("onReady", async () => words.reload());
  app.addHook("onClose", async () => {
    words.close();
    await bus?.close();
  });
  await app.register(spamRoutes, {
    prefix: "/api/v2",
    service: createWatchedWordsService({ repo, clock: platform.clock, changed }),
  });
}

/**
 * Builds `corpus.json`: labelled forum posts for measuring the offline spam check (`npm run spam:measure`).
 * Posts are composed from hand-written parts in the manner of real forums (questions, answers, thanks,
 * show-and-tell, support threads with logs and version numbers, the odd link to documentation) and of real
 * forum spam (pills, casinos, loans, SEO, essays, replicas, fake support numbers, crypto "recovery",
 * dating, and the quiet kind: "nice post" with a link). A seeded generator keeps the file the same on each
 * run: `npx tsx apps/server/src/features/spam/corpus/generate.ts`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface CorpusPost {
  label: "ham" | "spam";
  kind: "discussion" | "comment";
  name?: string;
  body: string;
  /** The author's account age in minutes when posting. */
  authorAgeMinutes: number;
}

let seed = 20261129;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const topics = [
  { thing: "my router", place: "the networking forum", fix: "a firmware update", part: "RT-AX58U" },
  { thing: "the sourdough starter", place: "the baking board", fix: "feeding it twice a day", part: "rye flour" },
  { thing: "my road bike's rear derailleur", place: "the workshop section", fix: "a new cable", part: "Ultegra R8000" },
  { thing: "the tomato seedlings", place: "the gardening corner", fix: "more light", part: "a 40W grow light" },
  { thing: "my Fujifilm X-T3", place: "the photography forum", fix: "a firmware reset", part: "XF 35mm f/2" },
  { thing: "the Postgres migration", place: "the dev channel", fix: "a missing index", part: "version 16.2" },
  { thing: "our bathroom fan", place: "the DIY board", fix: "a new humidity switch", part: "a 100mm duct" },
  {
    thing: "the Catan expansion",
    place: "the board games room",
    fix: "the house rule from page 12",
    part: "Seafarers",
  },
  { thing: "my daughter's bedtime", place: "the parents' forum", fix: "a fixed routine", part: "a night light" },
  { thing: "the 2014 Golf TDI", place: "the car forum", fix: "a new EGR valve", part: "EGR valve 03L131501" },
  { thing: "the Raspberry Pi 5", place: "the makers' space", fix: "a better power supply", part: "the 27W PSU" },
  { thing: "my acoustic guitar", place: "the music lounge", fix: "a truss rod adjustment", part: "D'Addario EJ16" },
  { thing: "the Steam Deck", place: "the gaming forum", fix: "clearing the shader cache", part: "SteamOS 3.5" },
  { thing: "the sprinkler controller", place: "the smart home forum", fix: "rewiring zone 3", part: "Rachio 3" },
  { thing: "my marathon training", place: "the running club board", fix: "an easier long run", part: "a 16-week plan" },
  { thing: "the vegetable curry", place: "the recipe swap", fix: "less coconut milk", part: "garam masala" },
  { thing: "the laptop's battery", place: "the hardware forum", fix: "a BIOS update", part: "ThinkPad T14 Gen 3" },
  { thing: "the aquarium's cloudy water", place: "the fishkeeping forum", fix: "fewer feedings", part: "a 60 L tank" },
] as const;

const docLinks = [
  "https://www.postgresql.org/docs/current/indexes.html",
  "https://github.com/raspberrypi/firmware/issues/1854",
  "https://en.wikipedia.org/wiki/Sourdough",
  "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers",
  "https://www.sheldonbrown.com/derailleur-adjustment.html",
  "https://docs.python.org/3/library/asyncio.html",
  "https://imgur.com/a/x7Kq2Lm",
  "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
];

const hamOpeners = [
  "Hi all,",
  "Hey everyone,",
  "Long time lurker, first post.",
  "Quick question:",
  "Not sure if this is the right place, but",
  "Following up on last week's thread:",
  "Morning folks.",
  "",
  "",
  "Sorry if this has been asked before.",
];
const hamQuestions = [
  "I've been fighting with {thing} for two weeks now and I'm out of ideas. Has anyone seen this before?",
  "does anyone know why {thing} keeps doing this after about an hour? It worked fine until Tuesday.",
  "what would you try next with {thing}? I already swapped {part} and nothing changed.",
  "is {fix} really worth it for {thing}, or is it one of those forum myths?",
  "I read in {place} that {fix} helps with {thing}. Can anyone confirm before I order {part}?",
  "how long did {thing} take you to get right? Mine is still hit and miss.",
];
const hamAnswers = [
  "I had exactly the same problem with {thing}. In the end it was {fix}, nothing else helped.",
  "+1 to what Marta said. {fix} sorted it for me too, though it took a couple of tries.",
  "Have you checked {part}? Mine was worn and that was the whole story.",
  "I wouldn't bother with {fix} yet. Start with the cheap stuff: clean everything and try again.",
  "Same here. I ended up going back to {part} and it has been solid for three months.",
  "That's normal for {thing} in winter in my experience, give it a week.",
  "I disagree a bit: {fix} helped, but only after I also replaced {part}.",
  "Thanks, this fixed it! For anyone finding this later: {fix}, then restart.",
];
const hamDetails = [
  "Details: running {part}, everything else stock.",
  "Here's what I tried so far:\n- turned it off and on\n- {fix}\n- asked in {place}",
  "Log says: `error 0x80070005 at step 3` if that helps.",
  "Photos are in the album: {link}",
  "The manual is here, page 14 covers it: {link}",
  "EDIT: forgot to say it's {part}.",
  "Budget is around 150 EUR if that matters.",
  "I'm in the UK if that changes anything.",
  "See also {link} which describes the same thing.",
  "UPDATE: STILL NOT WORKING. Any ideas welcome.",
];
const hamClosers = ["Thanks in advance!", "Cheers", "Any help appreciated.", "Thanks!", "", "", "🙂", "Ta."];

const hamTitles = [
  "Problem with {thing}",
  "{thing}: what am I doing wrong?",
  "Is {fix} worth it?",
  "Advice needed on {part}",
  "Finally fixed {thing}",
  "Weekly thread: what are you working on?",
  "Question about {part}",
  "[Solved] {thing}",
];

const hamStandalone = [
  "Welcome to the forum! Have a look at the FAQ pinned at the top before posting, it answers most first questions.",
  "Meetup this Saturday at the usual place, 10am. Bring your own mug, the café ran out last time.",
  "Great write-up, thanks. I tried the same with less salt and it came out just as good.",
  "Can a moderator move this to the right category? I posted it in General by mistake.",
  "I think we're going round in circles here. Let's agree to disagree and wait for the next release.",
  "Happy birthday to the forum! 10 years today. Thanks to everyone who keeps it friendly.",
  "Reminder: the spring swap meet is on April 12th. Tables are free for members, reply here to book one.",
  "lol same. my cat does exactly this every morning at 5",
  "Bump. Still looking for an answer on this one.",
  "Not an expert but I'd call a professional for anything involving the gas line.",
  "Selling my old Kindle Paperwhite, works fine, 40 EUR plus postage. PM me if interested.",
  "Posting the code in case someone needs it:\n\n```js\nconst total = items.reduce((sum, item) => sum + item.price, 0);\n```",
  "WARNING: the 3.2 update bricked my device. Hold off until they fix it!!! Rolled back to 3.1.",
  "Thanks for the tip, I ordered the part. Will report back.",
  "The release notes are at https://github.com/example/project/releases and the changelog at https://example.org/changelog, both mention the fix.",
  "Check out the wiki page, it explains the whole process: https://wiki.example.org/setup",
  "I found a great deal on the parts at https://www.amazon.de/dp/B08N5WRWNW, about half the shop price.",
  "For the record, my phone number changed, call the club on +44 20 7946 0958 if you need me before the ride.",
  "Free tickets for the local game on Sunday, first to reply gets them. I can't go anymore.",
  "Anyone else getting cheap knock-off versions of this on marketplace? Beware, the real one has a serial on the back.",
] as const;

const spamProducts = [
  { product: "Viagra", site: "bluepills-rx.top", pitch: "without prescription, discreet shipping" },
  { product: "Cialis 20mg", site: "pharma-direct24.shop", pitch: "lowest price guaranteed" },
  { product: "keto gummies", site: "ketoburn-official.online", pitch: "lose 10kg in 2 weeks" },
  { product: "CBD oil", site: "pure-cbd-store.xyz", pitch: "100% natural, risk free" },
  { product: "online casino", site: "luckyspin777.bet", pitch: "free spins and a 500% welcome bonus" },
  { product: "sports betting tips", site: "surebet-tips.win", pitch: "95% win rate" },
  { product: "payday loans", site: "fastcash-loans.biz", pitch: "instant approval, bad credit ok" },
  { product: "SEO services", site: "rankboost-seo.net", pitch: "page 1 of Google in 30 days" },
  { product: "high DA backlinks", site: "linkfarm-pro.com", pitch: "1000 backlinks for $9" },
  { product: "essay writing service", site: "essaypro-writers.org", pitch: "plagiarism free, 3 hour delivery" },
  { product: "replica Rolex watches", site: "luxreplica-watches.ru", pitch: "AAA quality, free shipping" },
  { product: "bitcoin investment", site: "cryptogains-fund.io", pitch: "earn $3000 per week passive income" },
  { product: "crypto recovery", site: "recoverfunds-hackers.com", pitch: "recover your lost or stolen crypto" },
  { product: "hot singles", site: "meet-hot-singles.date", pitch: "chat tonight, no sign up" },
  { product: "Canon printer support", site: "printer-helpdesk.info", pitch: "24/7 toll free helpline" },
  { product: "QuickBooks support", site: "qb-support-number.co", pitch: "call now, experts online" },
  { product: "movers and packers", site: "best-movers-delhi.in", pitch: "cheap rates, call now" },
  { product: "love spell", site: "dr-baba-spells.com", pitch: "bring back your ex in 48 hours" },
] as const;

const spamTitles = [
  "Buy {product} online",
  "BEST {product} 2026",
  "{product} - {pitch}",
  "Cheap {product} here",
  "{product} !!! {pitch}",
  "How I made money with {product}",
  "Need {product}? Call now",
  "Re: help",
  "Great forum",
];
const spamBodies = [
  "Buy {product} now at https://{site} - {pitch}. Click here: https://{site}/order",
  "Looking for {product}? Visit our website https://www.{site} for the best price. {pitch}!!! Order now and get free shipping.",
  "{PRODUCT} {PITCH} CLICK HERE >>> https://{site} <<<",
  "Hello friends, I want to share {product}: {pitch}. WhatsApp +1 (888) 555-0147 or visit https://{site}",
  "Get {product} today. {pitch}. Limited time offer, act now: https://{site}/promo?ref=forum",
  "[url=https://{site}]{product}[/url] [url=https://{site}/buy]buy {product}[/url] [url=https://mirror.{site}]{product} online[/url]",
  "{product} {product} {product} https://{site} https://{site}/2 https://{site}/3 cheap {product}",
  "I was scammed and lost everything until I found {product}. They helped me, {pitch}. Contact them on Telegram @recoverpro or email help@{site}",
  "Call the {product} number +1-800-555-0199 for instant help. {pitch}. Customer care number available 24/7.",
  "Make money from home! I earn $500 per day from home with {product}. {pitch}. Details at {site}",
  "Nice article, very informative. I also wrote about this, check out my website https://{site}",
  "Thanks for sharing this great post! For {product} see https://{site}",
  "Great forum, I found it very useful. Regards, {product} team - https://{site}",
  "Hey guys, anyone tried {product}? I found it at {site} and it's {pitch}. Just asking lol",
  "Are you looking for {product}? We offer {pitch}. For more information please contact us now at info@{site} or call +44 7700 900123",
];
const spamDecorations = [
  (text: string) => text,
  (text: string) => text,
  (text: string) => text.replace(/a/g, "а").replace(/o/g, "о"),
  (text: string) => text.replace(/e/g, "3"),
  (text: string) => `${text}\n\n${pick(["Best regards", "Thanks", "Regards, Admin", "God bless"])}`,
  (text: string) => text.toUpperCase(),
];

const fill = (template: string, slots: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key === key.toUpperCase()) return (slots[key.toLowerCase()] ?? "").toUpperCase();
    return slots[key] ?? "";
  });

function hamPost(): CorpusPost {
  const topic = pick(topics);
  const slots = { ...topic, link: pick(docLinks) };
  const discussion = chance(0.45);
  let body: string;
  if (chance(0.15)) body = pick(hamStandalone);
  else {
    const core = discussion ? pick(hamQuestions) : pick([...hamAnswers, ...hamQuestions]);
    const parts = [pick(hamOpeners), fill(core, slots)];
    if (chance(0.5)) parts.push(fill(pick(hamDetails), slots));
    parts.push(pick(hamClosers));
    body = parts.filter(Boolean).join(" ").replace(/ \n/g, "\n");
  }
  const authorAgeMinutes = chance(0.12) ? 5 + Math.floor(random() * 600) : 1_440 * (3 + Math.floor(random() * 2000));
  return {
    label: "ham",
    kind: discussion ? "discussion" : "comment",
    ...(discussion ? { name: fill(pick(hamTitles), slots) } : {}),
    body,
    authorAgeMinutes,
  };
}

function spamPost(): CorpusPost {
  const product = pick(spamProducts);
  const discussion = chance(0.6);
  const body = pick(spamDecorations)(fill(pick(spamBodies), product));
  const authorAgeMinutes = chance(0.75) ? 1 + Math.floor(random() * 120) : 1_440 * (1 + Math.floor(random() * 400));
  return {
    label: "spam",
    kind: discussion ? "discussion" : "comment",
    ...(discussion ? { name: fill(pick(spamTitles), product) } : {}),
    body,
    authorAgeMinutes,
  };
}

function build(make: () => CorpusPost, count: number): CorpusPost[] {
  const seen = new Set<string>();
  const posts: CorpusPost[] = [];
  for (let tries = 0; posts.length < count && tries < count * 50; tries += 1) {
    const post = make();
    const key = `${post.name ?? ""}|${post.body}`;
    if (seen.has(key)) continue;
    seen.add(key);
    posts.push(post);
  }
  return posts;
}

const corpus = [...build(hamPost, 220), ...build(spamPost, 220)];
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "corpus.json");
writeFileSync(file, `${JSON.stringify(corpus, null, 1)}\n`);
console.log(
  `${corpus.filter((p) => p.label === "ham").length} ham, ${corpus.filter((p) => p.label === "spam").length} spam → ${file}`,
);

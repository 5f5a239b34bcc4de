import type { Random } from "./random.ts";
import { durations, feelings, fillers, type Domain } from "./vocabulary.ts";

/** Generated forum text in markdown: titles, opening posts and replies that read like a community. */

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function discussionTitle(r: Random, d: Domain): string {
  switch (r.int(11)) {
    case 0:
      return `How do I ${r.pick(d.tasks)}?`;
    case 1:
      return `${r.pick(d.products)}: ${r.pick(d.symptoms)}`;
    case 2:
      return `Best way to ${r.pick(d.tasks)}?`;
    case 3:
      return `Anyone else notice ${r.pick(d.symptoms)} since they ${r.pick(d.changes)}?`;
    case 4:
      return `[Solved] ${capitalise(r.pick(d.symptoms))}`;
    case 5:
      return `Show and tell: my new ${r.pick(d.things)}`;
    case 6:
      return `Tips to ${r.pick(d.tasks)} on a budget`;
    case 7:
      return `Which ${r.pick(d.things)} are you using this year?`;
    case 8: {
      const first = r.int(d.products.length);
      const second = (first + 1 + r.int(d.products.length - 1)) % d.products.length;
      return `${d.products[first]} or ${d.products[second]} for a beginner?`;
    }
    case 9:
      return `Question about my ${r.pick(d.things)}`;
    default:
      return `Looking for advice: ${r.pick(d.tasks)}`;
  }
}

function openingSentence(r: Random, d: Domain): string {
  switch (r.int(5)) {
    case 0:
      return `I've been at this for ${r.pick(durations)} and I'm ${r.pick(feelings)}.`;
    case 1:
      return `Quick question for the ${d.members} here.`;
    case 2:
      return "Long-time lurker, first post.";
    case 3:
      return "Following up on the thread from last week.";
    default:
      return `So I finally bought a ${r.pick(d.things)}.`;
  }
}

function problemSentence(r: Random, d: Domain): string {
  switch (r.int(6)) {
    case 0:
      return `Every time I try to ${r.pick(d.tasks)}, ${r.pick(d.symptoms)}.`;
    case 1:
      return `It worked fine until I ${r.pick(d.changes)}; now ${r.pick(d.symptoms)}.`;
    case 2:
      return `I ${r.pick(d.changes.slice(0, 2))} and then ${r.pick(d.changes.slice(2))}, but nothing changed.`;
    case 3:
      return `My ${r.pick(d.things)} is about ${r.between(2, 12)} years old and I use ${r.pick(d.products)} with it.`;
    case 4:
      return `The strange part is that ${r.pick(d.symptoms)} only some of the time.`;
    default:
      return r.pick(fillers);
  }
}

function askSentence(r: Random, d: Domain): string {
  switch (r.int(5)) {
    case 0:
      return `Has anyone found a reliable way to ${r.pick(d.tasks)}?`;
    case 1:
      return "Any pointers would be appreciated.";
    case 2:
      return "What would you do in my position?";
    case 3:
      return `Would a new ${r.pick(d.things)} fix it, or is that throwing money at the problem?`;
    default:
      return `Is ${r.pick(d.products)} worth it for this?`;
  }
}

function paragraph(r: Random, d: Domain, sentences: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) parts.push(problemSentence(r, d));
  return parts.join(" ");
}

/** The opening post of a discussion: two to four paragraphs, sometimes a list or a snippet. */
export function discussionBody(r: Random, d: Domain): string {
  const blocks = [`${openingSentence(r, d)} ${paragraph(r, d, r.between(1, 3))}`];
  if (r.chance(0.3)) {
    blocks.push(
      `What I've tried so far:\n\n- ${capitalise(r.pick(d.changes.slice(0, 2)))}\n- ${capitalise(r.pick(d.changes.slice(2)))}\n- Asked at the local shop`,
    );
  }
  if (r.chance(0.5)) blocks.push(paragraph(r, d, r.between(2, 4)));
  if (r.chance(0.1))
    blocks.push(
      "```\n" + `${r.pick(d.products).toLowerCase()} --version\n${r.between(1, 9)}.${r.int(20)}.${r.int(10)}` + "\n```",
    );
  blocks.push(`${askSentence(r, d)} Thanks in advance!`);
  return blocks.join("\n\n");
}

/** A reply: usually one short paragraph, sometimes a quote, a link or a longer answer. */
export function commentBody(r: Random, d: Domain): string {
  let body: string;
  switch (r.int(9)) {
    case 0:
      body = `Same here: ${r.pick(d.symptoms)} started right after I ${r.pick(d.changes)}.`;
      break;
    case 1:
      body = `Have you tried to ${r.pick(d.tasks)} first? That fixed it for me.`;
      break;
    case 2:
      body = "+1, I'd also like to know.";
      break;
    case 3:
      body = `Thanks, that worked! I ${r.pick(d.changes)} and it has been fine for ${r.pick(durations)}.`;
      break;
    case 4:
      body = `I'd go with **${r.pick(d.products)}**. It has been rock solid for me for ${r.pick(durations)}.`;
      break;
    case 5:
      body = `Check the ${r.pick(d.things)} first; nine times out of ten that's the culprit. ${paragraph(r, d, 1)}`;
      break;
    case 6:
      body = `> ${problemSentence(r, d)}\n\nNot sure I agree. ${paragraph(r, d, r.between(1, 3))}`;
      break;
    case 7:
      body = `There's a good write-up on this [here](https://example.com/${d.members}/${r.int(9000) + 1000}). ${askSentence(r, d)}`;
      break;
    default:
      body = `${paragraph(r, d, r.between(2, 4))}\n\n${paragraph(r, d, r.between(1, 3))}`;
  }
  return body;
}

/** A url-safe lowercase slug: "Help & Support" → "help-support". */
export function slugify(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "x"
  );
}

import { Parser } from "htmlparser2";

/** What a post holds that limits count: its links and its images. */
export interface PostMedia {
  /** Links with an address (`<a href>`), mentions of members left out. */
  links: number;
  images: number;
}

/**
 * The links and images of sanitised HTML, as readers get them (so a bare URL that a format turns into a link counts,
 * and markup the sanitiser drops does not). A mention (`class="atMention"`) is a link to a profile, not counted.
 */
export function countMedia(html: string): PostMedia {
  const counted: PostMedia = { links: 0, images: 0 };
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "img" && attributes["src"]) counted.images += 1;
      else if (name === "a" && attributes["href"] && !/\batMention\b/.test(attributes["class"] ?? ""))
        counted.links += 1;
    },
  });
  parser.write(html);
  parser.end();
  return counted;
}

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

/**
 * The addresses the links and images of sanitised HTML lead to off the site (`origin`): an outside link's target is
 * read back from the leaving page it goes through (`/home/leaving?target=`).
 */
export function outsideAddresses(html: string, origin: string): string[] {
  const addresses: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const address = name === "a" ? attributes["href"] : name === "img" ? attributes["src"] : undefined;
        if (!address || /\batMention\b/.test(attributes["class"] ?? "")) return;
        const url = URL.canParse(address, origin) ? new URL(address, origin) : null;
        const target = url?.pathname === "/home/leaving" ? url.searchParams.get("target") : null;
        if (url && url.origin !== origin) addresses.push(url.href);
        else if (target && URL.canParse(target)) addresses.push(new URL(target).href);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return addresses;
}

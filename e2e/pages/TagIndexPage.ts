import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** `/tags`: every tag with its discussions' count, each a link to the tag's list. */
export class TagIndexPage extends ParleyPage {
  goto(search = ""): Promise<Response> {
    return this.open(`/tags${search}`);
  }

  /** A tag's link by its name; its text is the name and the count ("postgresql 1 discussion"). */
  tag(name: string): Locator {
    return this.main.getByRole("listitem").getByRole("link", { name: new RegExp(`^${name} \\d+ discussions?$`) });
  }

  /** The tags' names, in page order. */
  names(): Promise<string[]> {
    return this.main
      .getByRole("listitem")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.firstElementChild?.textContent ?? ""));
  }
}

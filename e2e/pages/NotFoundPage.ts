import type { Locator } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

/** The '{Type} Not Found' error page. */
export class NotFoundPage extends ParleyPage {
  get message(): Locator {
    return this.main.locator("p");
  }

  get backLink(): Locator {
    return this.main.getByRole("link", { name: "Back to home page" });
  }
}

import type { Locator, Response } from "playwright-core";
import { DashboardPage } from "./DashboardPage.ts";

/** `/dashboard/settings/email-templates`: the notifications' e-mail templates, one edited and previewed at a time. */
export class EmailTemplatesPage extends DashboardPage {
  override goto(): Promise<Response> {
    return this.open("/dashboard/settings/email-templates");
  }

  get editor(): Locator {
    return this.main.getByRole("form", { name: /^(New Template|Edit “)/ });
  }

  field(label: string): Locator {
    return this.editor.getByLabel(label, { exact: true });
  }

  button(name: "Save" | "Preview"): Locator {
    return this.editor.getByRole("button", { name, exact: true });
  }

  /** The templates listed, by name. */
  template(name: string): Locator {
    return this.main.getByRole("list", { name: "Templates" }).getByRole("link", { name, exact: true });
  }

  get previewSubject(): Locator {
    return this.main.getByTestId("preview-subject");
  }

  get previewText(): Locator {
    return this.main.getByLabel("The e-mail as text");
  }

  get previewFrame(): Locator {
    return this.main.locator('iframe[title="The e-mail as HTML"]');
  }
}

import type { Locator, Response } from "playwright-core";
import { ParleyPage } from "./ParleyPage.ts";

type Field = "Username" | "Title" | "Location" | "About Me" | "Signature" | "Upload a new photo";

/** `/profile/edit`: the member's photo (with its crop box), name, title, location, about and signature. */
export class ProfileEditPage extends ParleyPage {
  goto(): Promise<Response> {
    return this.open("/profile/edit");
  }

  field(label: Field): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** The error beside a field (the element its aria-describedby names with `-error`), or null. */
  async fieldError(label: Field): Promise<string | null> {
    const ids = ((await this.field(label).getAttribute("aria-describedby")) ?? "").split(/\s+/);
    const errorId = ids.find((id) => id.endsWith("-error"));
    return errorId ? (await this.page.locator(`[id="${errorId}"]`).innerText()).trim() : null;
  }

  /** Picks a photo file (the crop box shows once it is read, with JavaScript). */
  choosePhoto(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    return this.field("Upload a new photo").setInputFiles(file);
  }

  /** The crop box over the chosen photo (react-easy-crop's area, focusable for the arrow keys). */
  get cropArea(): Locator {
    return this.main.getByLabel("Photo crop area: drag, or use the arrow keys, to move it");
  }

  get zoom(): Locator {
    return this.main.getByLabel("Zoom");
  }

  get currentPhoto(): Locator {
    return this.main.getByRole("img", { name: "Your photo", exact: true });
  }

  get removePhoto(): Locator {
    return this.main.getByLabel("Remove photo");
  }

  get saveButton(): Locator {
    return this.main.getByRole("button", { name: "Save", exact: true });
  }

  /** The hidden crop fields the form sends with the photo. */
  async cropFields(): Promise<{ x: string | null; y: string | null; size: string | null }> {
    const value = async (name: string) => {
      const input = this.main.locator(`input[type=hidden][name="${name}"]`);
      return (await input.count()) ? input.inputValue() : null;
    };
    return { x: await value("x"), y: await value("y"), size: await value("size") };
  }
}

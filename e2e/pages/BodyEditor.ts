import type { Locator, Page } from "playwright-core";

/** A node of the rich body's JSON (rich2). */
interface RichNode {
  type?: string;
  text?: string;
  children?: RichNode[];
}

/** A block's text, its list items joined by "|". */
const textOf = (node: RichNode): string =>
  node.text ?? (node.children ?? []).map(textOf).join(node.type === "ul" || node.type === "ol" ? "|" : "");

/** The rich body editor inside a form: its toolbar, its text and its upload input. */
export class BodyEditor {
  constructor(
    readonly page: Page,
    /** The editor's accessible name (the field's label: "Body", "Comment"). */
    readonly label: string,
    readonly scope: Locator = page.locator("main"),
  ) {}

  get toolbar(): Locator {
    return this.scope.getByRole("toolbar", { name: "Formatting" });
  }

  /** The editing area (contenteditable, role textbox). */
  get text(): Locator {
    return this.scope.locator('[contenteditable="true"][role="textbox"]').and(this.scope.getByLabel(this.label));
  }

  /** The mention suggestion list (a listbox the editing area controls while it is open). */
  get mentionSuggestions(): Locator {
    return this.page.getByRole("listbox", { name: "Mention suggestions" });
  }

  /** The highlighted suggestion (the editing area's aria-activedescendant). */
  get activeSuggestion(): Locator {
    return this.mentionSuggestions.locator('[role="option"][aria-selected="true"]');
  }

  /** The shortcode suggestion list (`:smi` …), driven from the editing area like the mentions'. */
  get emojiSuggestions(): Locator {
    return this.page.getByRole("listbox", { name: "Emoji suggestions" });
  }

  /** The highlighted shortcode suggestion. */
  get activeEmojiSuggestion(): Locator {
    return this.emojiSuggestions.locator('[role="option"][aria-selected="true"]');
  }

  /** The toolbar's emoji picker, once opened: a search box and a grid of emoji. */
  get emojiPicker(): Locator {
    return this.scope.getByRole("group", { name: "Emoji", exact: true });
  }

  get emojiSearch(): Locator {
    return this.emojiPicker.getByRole("combobox", { name: "Search emoji" });
  }

  /** The picker's highlighted emoji (named by its CLDR name). */
  get activeEmoji(): Locator {
    return this.emojiPicker.getByRole("listbox", { name: "Emoji" }).locator('[role="option"][aria-selected="true"]');
  }

  /** The text of the editing area. */
  async textContent(): Promise<string> {
    return (await this.text.innerText()).trim();
  }

  button(name: string): Locator {
    return this.toolbar.getByRole("button", { name, exact: true });
  }

  /** Whether a toolbar toggle shows as pressed. */
  async isPressed(name: string): Promise<boolean> {
    return (await this.button(name).getAttribute("aria-pressed")) === "true";
  }

  /** The editor has replaced the plain text area. */
  async waitForEditor(): Promise<void> {
    await this.toolbar.waitFor();
    await this.text.waitFor();
  }

  /** The server-rendered text area, until the editor replaces it (it stays without JavaScript). */
  get plainTextArea(): Locator {
    return this.page.locator('textarea[name="body"]');
  }

  /** Chooses a file with the upload input, without waiting for anything (a refused file posts nothing). */
  async chooseFile(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.scope.locator('input[type="file"]').setInputFiles(file);
  }

  /** Why a file was refused. */
  get uploadError(): Locator {
    return this.page.getByRole("alert");
  }

  /** Chooses a file for "Insert image" (the same input the button opens) and waits for the embed. */
  async uploadImage(file: { name: string; mimeType: string; buffer: Buffer }): Promise<Locator> {
    await this.scope.locator('input[type="file"]').setInputFiles(file);
    const image = this.text.locator(`img[alt="${file.name}"]`);
    await image.waitFor();
    return image;
  }

  /** What the form will post: the hidden body (rich2 JSON) and format. */
  async posted(): Promise<{ body: string; format: string }> {
    const form = this.text.locator("xpath=ancestor::form");
    return {
      body: await form.locator('input[type="hidden"][name="body"]').inputValue(),
      format: await form.locator('input[type="hidden"][name="format"]').inputValue(),
    };
  }

  /** The rich body the form would post, a line per block: its type and text, list items joined by "|". */
  async postedBlocks(): Promise<string[]> {
    const doc = JSON.parse((await this.posted()).body) as RichNode[];
    return doc.map((node) => `${node.type}: ${textOf(node)}`);
  }

  /**
   * Presses a toolbar button as a mouse does (pointer and mouse events, the button taking the focus as it goes
   * down), all in one task: no timer runs between the press and the reading, as when a key follows the press at
   * once on a slow device. Says which control had the focus as the button went down, and which has it after.
   */
  async pressInOneTask(
    name: string,
  ): Promise<{ pressedOn: string | null | undefined; after: string | null | undefined }> {
    return this.button(name).evaluate((button) => {
      const { left, top } = button.getBoundingClientRect();
      const at = { bubbles: true, cancelable: true, composed: true, clientX: left + 4, clientY: top + 4, button: 0 };
      const pointer = { ...at, pointerId: 1, pointerType: "mouse", isPrimary: true };
      button.dispatchEvent(new PointerEvent("pointerdown", { ...pointer, buttons: 1 }));
      // A real mouse press focuses the button unless the page prevents it (its default action).
      if (button.dispatchEvent(new MouseEvent("mousedown", { ...at, buttons: 1 }))) (button as HTMLElement).focus();
      const pressedOn = document.activeElement?.getAttribute("aria-label");
      button.dispatchEvent(new PointerEvent("pointerup", pointer));
      button.dispatchEvent(new MouseEvent("mouseup", at));
      button.dispatchEvent(new MouseEvent("click", at));
      return { pressedOn, after: document.activeElement?.getAttribute("aria-label") };
    });
  }

  /** "Edit" and "Preview" above the body (toggle buttons: the shown one is pressed). */
  get editButton(): Locator {
    return this.scope.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Edit", exact: true });
  }

  get previewButton(): Locator {
    return this.scope.getByRole("group", { name: "Editor mode" }).getByRole("button", { name: "Preview", exact: true });
  }

  /** The rendered preview (the server's HTML for the body, as readers will see it). */
  get preview(): Locator {
    return this.scope.getByRole("region", { name: "Preview", exact: true });
  }

  /** Shows the preview and waits for the server's rendering. */
  async showPreview(): Promise<Locator> {
    await this.previewButton.click();
    await this.preview.and(this.page.locator('[aria-busy="false"]')).waitFor();
    return this.preview;
  }

  /** Selects the last `length` characters before the caret and links them with the toolbar's Link panel. */
  async linkLastWord(length: number, url: string): Promise<void> {
    for (let i = 0; i < length; i++) await this.page.keyboard.press("Shift+ArrowLeft");
    await this.button("Link").click();
    await this.scope.getByRole("group", { name: "Link", exact: true }).getByLabel("Link address").fill(url);
    await this.scope.getByRole("button", { name: "Add link", exact: true }).click();
  }
}

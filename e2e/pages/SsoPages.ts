import type { Locator, Page } from "playwright-core";
import { EntryPage } from "./EntryPage.ts";
import { ParleyPage } from "./ParleyPage.ts";

/** The "Sign in with …" buttons of /entry/signin and /entry/register, and the refusal a sign-in with another site shows. */
export class SsoSignInPage extends EntryPage {
  goto(target?: string) {
    return this.openEntry("/entry/signin", target);
  }

  gotoRegister() {
    return this.openEntry("/entry/register");
  }

  /** The button (a link) "Sign in with <label>". */
  signInWith(label: string): Locator {
    return this.main.getByRole("link", { name: `Sign in with ${label}`, exact: true });
  }

  /** Presses "Sign in with <label>": the browser goes to the provider and, once it answers, back here. */
  async startSignIn(label: string): Promise<void> {
    await this.signInWith(label).click();
  }
}

/** The test provider's own sign-out page (node-oidc-provider's end-session confirmation). */
export class ProviderSignOutPage {
  constructor(private readonly page: Page) {}

  get confirmButton(): Locator {
    return this.page.getByRole("button", { name: "Yes, sign me out", exact: true });
  }
}

/** /entry/connect: a name for the new account, or the password of the account to link. */
export class ConnectPage extends EntryPage {
  get intro(): Locator {
    return this.main.locator("p").first();
  }

  async chooseName(name: string): Promise<void> {
    await this.field("Username").fill(name);
    await this.button("Create Account").click();
  }

  async linkWithPassword(password: string): Promise<void> {
    await this.field("Password").fill(password);
    await this.button("Link and Sign In").click();
  }
}

/** /dashboard/settings/authenticators: the add form, and the list with each redirect URI. */
export class AuthenticatorsPage extends ParleyPage {
  goto() {
    return this.open("/dashboard/settings/authenticators");
  }

  private get addForm(): Locator {
    return this.main.getByRole("form", { name: "Add authenticator" });
  }

  private get editForm(): Locator {
    return this.main.getByRole("form", { name: "Edit authenticator" });
  }

  get list(): Locator {
    return this.main.getByRole("list", { name: "Authenticators" });
  }

  get status(): Locator {
    return this.main.getByRole("status");
  }

  /** Fills the add form and saves it. */
  async add(fields: {
    name: string;
    buttonLabel: string;
    issuer: string;
    clientID: string;
    secret: string;
    rolesClaim?: string;
    trustEmail?: boolean;
  }): Promise<void> {
    const form = this.addForm;
    await form.getByLabel("Name", { exact: true }).fill(fields.name);
    await form.getByLabel("Button label", { exact: true }).fill(fields.buttonLabel);
    await form.getByLabel("Issuer URL", { exact: true }).fill(fields.issuer);
    await form.getByLabel("Client ID", { exact: true }).fill(fields.clientID);
    await form.getByLabel("Client secret", { exact: true }).fill(fields.secret);
    if (fields.rolesClaim) await form.getByLabel("Roles claim", { exact: true }).fill(fields.rolesClaim);
    if (fields.trustEmail) await form.getByRole("checkbox", { name: /Trust its confirmed e-mail addresses/u }).check();
    await form.getByRole("button", { name: "Add Authenticator", exact: true }).click();
  }

  /** Switches the add form to a JWT authenticator's, fills it (a shared secret: HS256) and saves it. */
  async addJwt(fields: { name: string; audience: string; issuer?: string; secret: string; rolesClaim?: string }) {
    await this.main.getByRole("link", { name: /Add a JWT authenticator instead/u }).click();
    const form = this.main.getByRole("form", { name: "Add JWT authenticator" });
    await form.getByLabel("Name", { exact: true }).fill(fields.name);
    await form.getByLabel("Audience", { exact: true }).fill(fields.audience);
    if (fields.issuer) await form.getByLabel("Issuer", { exact: true }).fill(fields.issuer);
    await form.getByLabel("Signature", { exact: true }).selectOption("HS256");
    await form.getByLabel("Shared secret (HS256)", { exact: true }).fill(fields.secret);
    await form.getByLabel("Name claim", { exact: true }).fill("name");
    if (fields.rolesClaim) await form.getByLabel("Roles claim", { exact: true }).fill(fields.rolesClaim);
    await form.getByRole("button", { name: "Add Authenticator", exact: true }).click();
  }

  /** Opens one authenticator's edit form, sets whether it trusts e-mail addresses, and saves. */
  async setTrustEmail(name: string, trust: boolean): Promise<void> {
    await this.list.getByRole("link", { name: `Edit “${name}”`, exact: true }).click();
    const box = this.editForm.getByRole("checkbox", { name: /Trust its confirmed e-mail addresses/u });
    await box.setChecked(trust);
    await this.editForm.getByRole("button", { name: "Save Authenticator", exact: true }).click();
  }

  /** Sets an authenticator's "Sign out at the provider too" and saves; answers whether it was checked before. */
  async setSignOutAtProvider(name: string, on: boolean): Promise<boolean> {
    await this.list.getByRole("link", { name: `Edit “${name}”`, exact: true }).click();
    const box = this.editForm.getByRole("checkbox", { name: /Sign out at the provider too/u });
    const before = await box.isChecked();
    await box.setChecked(on);
    await this.editForm.getByRole("button", { name: "Save Authenticator", exact: true }).click();
    return before;
  }

  /** Switches the add form to an OAuth 2 authenticator's, fills its addresses, client and profile keys, saves. */
  async addOAuth2(fields: {
    name: string;
    authorizeUrl: string;
    tokenUrl: string;
    profileUrl: string;
    clientID: string;
    secret: string;
    uniqueIDKey: string;
  }): Promise<void> {
    await this.main.getByRole("link", { name: /Add an OAuth 2 provider instead/u }).click();
    const form = this.oauth2Form("Add OAuth 2 authenticator");
    await form.getByLabel("Name", { exact: true }).fill(fields.name);
    await form.getByLabel("Authorize URL", { exact: true }).fill(fields.authorizeUrl);
    await form.getByLabel("Token URL", { exact: true }).fill(fields.tokenUrl);
    await form.getByLabel("Profile URL", { exact: true }).fill(fields.profileUrl);
    await form.getByLabel("Client ID", { exact: true }).fill(fields.clientID);
    await form.getByLabel("Client secret", { exact: true }).fill(fields.secret);
    await form.getByLabel("Unique ID key", { exact: true }).fill(fields.uniqueIDKey);
    await form.getByRole("button", { name: "Add Authenticator", exact: true }).click();
  }

  /** An OAuth 2 authenticator's form, by its name ("Add OAuth 2 authenticator" or "Edit OAuth 2 authenticator"). */
  oauth2Form(name: string): Locator {
    return this.main.getByRole("form", { name });
  }

  /** Opens an OAuth 2 authenticator's edit form. */
  async editOAuth2(name: string): Promise<Locator> {
    await this.list.getByRole("link", { name: `Edit “${name}”`, exact: true }).click();
    const form = this.oauth2Form("Edit OAuth 2 authenticator");
    await form.waitFor();
    return form;
  }

  /** In an open OAuth 2 edit form: changes its token address and roles key, and saves. */
  async changeOAuth2(form: Locator, fields: { tokenUrl: string; rolesKey: string }): Promise<void> {
    await form.getByLabel("Token URL", { exact: true }).fill(fields.tokenUrl);
    await form.getByLabel("Roles key", { exact: true }).fill(fields.rolesKey);
    await form.getByRole("button", { name: "Save Authenticator", exact: true }).click();
  }

  /** The sign-in link the list shows for a JWT authenticator (…&token=…&target=/…). */
  jwtSignInLink(name: string): Locator {
    return this.redirectUri(name);
  }

  /** The redirect URI the list shows for an authenticator. */
  redirectUri(name: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: name }).locator("code");
  }
}

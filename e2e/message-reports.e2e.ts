import { describe, expect, it } from "vitest";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { newMember, registerConfirmed, signInContext } from "./support/accounts.ts";
import { signInAdmin, signInApi } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { ConversationsPage } from "./pages/ConversationsPage.ts";
import { ReportsPage } from "./pages/ReportsPage.ts";

const parley = useParley();

describe("reports of private messages (issue 30)", () => {
  it("a member reports a message they received; a moderator reads its snapshot in the queue and dismisses it", async () => {
    const sender = newMember("rude");
    const receiver = newMember("polite");
    const moderator = newMember("pmmod");
    const [, receiverID, moderatorID] = await Promise.all([
      registerConfirmed(parley, sender),
      registerConfirmed(parley, receiver),
      registerConfirmed(parley, moderator),
    ]);
    const admin = await signInAdmin(parley.baseUrl);
    const roles = await admin.get<Array<{ roleID: number; name: string }>>("/roles");
    await admin.patch(`/users/${moderatorID}`, {
      roleID: [roles.find((role) => role.name === "Moderator")!.roleID],
    });
    const apiSender = await signInApi(parley.baseUrl, sender.name, sender.password);
    const { conversationID } = await apiSender.post<{ conversationID: number }>("/conversations", {
      participantUserIDs: [receiverID],
      initialBody: "You are a *nuisance*, go away.",
      initialFormat: "markdown",
    });

    // The receiver reports the message from the conversation.
    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, receiver);
    const view = new ConversationsPage(page, parley.baseUrl);
    expect((await view.goto(`/messages/${conversationID}`)).status()).toBe(200);
    await waitForHydration(page);
    const dialog = await view.reportMessage("You are a nuisance");
    await dialog.send(/^Abuse/, "Insulting.");
    await dialog.sentNotice.waitFor();
    await dialog.dialog.waitFor({ state: "detached" });
    expect(problems.errors).toEqual([]);

    // The moderator reads it in the queue: a private message, its snapshot, Dismiss only.
    const modPage = await parley.newPage({ bypassCSP: true });
    const modProblems = collectErrors(modPage);
    await signInContext(modPage, parley.baseUrl, moderator);
    const reports = new ReportsPage(modPage, parley.baseUrl);
    expect((await reports.goto()).status()).toBe(200);
    await waitForHydration(modPage);
    const item = reports.report("Insulting.");
    await item.waitFor();
    expect(await item.innerText()).toMatch(
      new RegExp(
        `Private Message[\\s\\S]*Private message from ${sender.name}[\\s\\S]*You are a nuisance, go away\\.`,
        "i",
      ),
    );
    expect(await item.locator('[data-part="message-snapshot"] em').innerText()).toBe("nuisance");
    expect(await item.getByRole("button", { name: "Delete Post" }).count()).toBe(0);
    expect(await seriousAxeViolations(modPage)).toEqual([]);
    await screenshot(modPage, "reports-message-1280");
    await reports.dismissButton("Insulting.").click();
    await reports.text("The report has been dismissed.").waitFor();
    await expect.poll(() => item.count()).toBe(0);
    expect(modProblems.errors).toEqual([]);
  });
});

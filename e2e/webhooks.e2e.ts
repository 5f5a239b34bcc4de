import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInContext } from "./support/accounts.ts";
import { collectErrors, screenshot, seriousAxeViolations, waitForHydration } from "./support/browser.ts";
import { signInAdmin } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import { WebhooksPage } from "./pages/WebhooksPage.ts";

const parley = useParley();
const admin = { name: "admin", password: adminPassword };

/** The receiving site: a real HTTP server on 127.0.0.1 that keeps what it is sent and answers 200. */
const received: { body: string; signature: string; event: string }[] = [];
let receiver: http.Server;
let receiverUrl = "";

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(req.headers["x-parley-signature"] ?? ""),
        event: String(req.headers["x-parley-event"] ?? ""),
      });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("received");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

describe("webhooks at /dashboard/webhooks", () => {
  it("an administrator adds a webhook, sees its secret once, pings it and sees the ping in its delivery log", async () => {
    // The test's receiver is on 127.0.0.1: the site manager allows that host, as an intranet receiver would be.
    const api = await signInAdmin(parley.baseUrl);
    await api.patch("/config", { "webhooks.allowedHosts": "127.0.0.1" });

    const page = await parley.newPage({ bypassCSP: true });
    const problems = collectErrors(page);
    await signInContext(page, parley.baseUrl, admin);
    const webhooks = new WebhooksPage(page, parley.baseUrl);
    await webhooks.goto();
    await waitForHydration(page);
    await webhooks.navLink("Webhooks").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "webhooks-empty");

    await webhooks.fillAdd("Chat relay", receiverUrl, ["Discussion created", "Comment created"]);
    await webhooks.submitAndWait(webhooks.addButton);
    await webhooks.status("The webhook “Chat relay” is added.").waitFor();
    const secret = await webhooks.secretOf("Chat relay").inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await webhooks.copyButton.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "webhooks-added");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "webhooks-added-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    await webhooks.webhookLink("Chat relay").click();
    await webhooks.waitForPage("Chat relay");
    await webhooks.submitAndWait(webhooks.pingButton);
    await webhooks.status("Sent: the address answered 200.").waitFor();
    const [ping] = await webhooks.deliveries();
    expect(ping?.slice(0, 4)).toEqual(["ping", "Delivered", expect.stringMatching(/^200 \d+ ms$/), "1"]);
    // The receiver got it, signed with the secret shown once.
    const sent = received.find((entry) => entry.event === "ping")!;
    expect(sent.signature).toBe(`sha256=${createHmac("sha256", secret).update(sent.body).digest("hex")}`);
    expect(sent.body).not.toContain(secret);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "webhooks-delivery-log");
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, "webhooks-delivery-log-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Rotate secret: a new one, shown once, signs the next delivery.
    await webhooks.submitAndWait(webhooks.rotateButton);
    await webhooks.status("A new secret replaces the old one: deliveries are signed with it from now on.").waitFor();
    const rotated = await webhooks.secretOf("Chat relay").inputValue();
    expect(rotated).not.toBe(secret);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, "webhooks-rotated");
    await webhooks.submitAndWait(webhooks.pingButton);
    await webhooks.status("Sent: the address answered 200.").waitFor();
    const pings = received.filter((entry) => entry.event === "ping");
    const last = pings[pings.length - 1]!;
    expect(last.signature).toBe(`sha256=${createHmac("sha256", rotated).update(last.body).digest("hex")}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});

/**
 * The XSS corpus (apps/server/src/platform/render/xss-corpus.ts) through every render path in Chromium. Each vector
 * calls `alert(its id)`; a dialog, the `__xss` sentinel, a request to another host (but for images, which the safe-link
 * rule allows) or markup left armed in the DOM (an event handler, a javascript: address, a frame) is a live vector.
 * The pages run with `bypassCSP`, so it is the sanitiser and the components that are tested, not the CSP behind them.
 * Each path also counts the vectors it rendered (their marker text is on the page) and those the server refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversationRules, discussionRules, groupRules, knowledgeRules, userRules } from "@parley/contracts";
import type { PostFormat } from "../apps/server/src/platform/render/index.ts";
import { newMember, type Member } from "./support/accounts.ts";
import { signInAdmin, signInApi, pathOf, type ApiSession } from "./support/content.ts";
import { useParley } from "./support/parley.ts";
import { adminPassword } from "./support/server.ts";
import {
  fieldVectors,
  inParallel,
  markerOf,
  packBodies,
  packText,
  probeWord,
  vectors,
  XssWatch,
} from "./support/xss.ts";
import { textBody, XssRun, type Visit } from "./support/xss-run.ts";
import { NotificationsPage } from "./pages/NotificationsPage.ts";

const parley = useParley();
const sampledIds = new Set(fieldVectors.map((vector) => vector.id));
const formats: PostFormat[] = ["rich2", "rich", "markdown", "text", "html", "bbcode"];
const run = new XssRun(parley);
let admin: ApiSession;
let member: Member;
let memberApi: ApiSession;
let xssCategory: number;
const adminLogin = { name: "admin", password: adminPassword };

describe(`XSS corpus (${vectors.length} vectors; ${fieldVectors.length} in one-record pages) through every render path in Chromium`, () => {
  beforeAll(async () => {
    admin = await signInAdmin(parley.baseUrl);
    member = newMember("xssreader");
    const created = await admin.send<{ userID: number }>("POST", "/users", {
      name: member.name,
      email: member.email,
      password: member.password,
    });
    expect(created.status).toBe(201);
    memberApi = await signInApi(parley.baseUrl, member.name, member.password);
    xssCategory = (await admin.post<{ categoryID: number }>("/categories", { name: "XSS", urlcode: "xss" })).categoryID;
  });

  afterAll(() => {
    console.log(run.tally.summary(run.watch.live));
  });

  it("the watch sees what runs: a dialog, the sentinel, a beacon, armed markup", async () => {
    const page = await parley.newPage({ bypassCSP: true });
    const probe = new XssWatch(parley.baseUrl);
    await probe.arm(page.context());
    await probe.visit(page, "/home/leaving", "self-check");
    expect(probe.live).toEqual([]);
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        "beforeend",
        '<img src="/x.png" onerror="alert(7000)"><img src="/y.png" onerror="__xss.push(1)">' +
          '<a href="java&#x09;script:void 0">j</a><iframe srcdoc="x"></iframe>',
      );
      void fetch("https://evil.example/beacon").catch(() => undefined);
    });
    await expect.poll(() => probe.live.some((entry) => entry.what.startsWith("alert(7000)"))).toBe(true);
    await expect.poll(() => probe.live.some((entry) => entry.what.includes("evil.example/beacon"))).toBe(true);
    // The second image's error handler runs when its load fails, which a loaded machine may take a while to report.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __xss?: unknown[] }).__xss?.length ?? 0))
      .toBeGreaterThan(0);
    await probe.inspect(page, "self-check");
    const seen = probe.live.map((entry) => entry.what).join("\n");
    for (const expected of [
      "<img onerror>",
      "<a href=javascript:void0>",
      "<iframe srcdoc>",
      "<iframe>",
      "__xss is 1",
    ]) {
      expect(seen).toContain(expected);
    }
  });

  it("post bodies in every format: discussions and comments", async () => {
    const pages = await run.pagesAs(adminLogin);
    const [hydrated] = await run.pagesAs(adminLogin, true);
    for (const format of formats) {
      const packing = packBodies(format, 50_000);
      const discussions = await run.createEach(packing, (pack, index) =>
        admin.send<{ url: string }>("POST", "/discussions", {
          name: `${probeWord} ${format} body ${index}`,
          body: pack.value,
          format,
          categoryID: xssCategory,
        }),
      );
      const seen = await run.visitAll(
        pages,
        discussions.created.map(({ record }) => ({
          pathname: pathOf(record.url),
          path: `discussion body (${format})`,
        })),
      );
      run.count(`discussion body (${format})`, "x", discussions.accepted, discussions.rejected, seen);

      const thread = await admin.post<{ discussionID: number; url: string }>("/discussions", {
        name: `${probeWord} ${format} comments`,
        body: "Comments below.",
        format: "text",
        categoryID: xssCategory,
      });
      const comments = await run.createEach(packing, (pack) =>
        admin.send("POST", "/comments", { discussionID: thread.discussionID, body: pack.value, format }),
      );
      const shown = await run.visitPages(
        hydrated!,
        (n) => `${pathOf(thread.url)}${n > 1 ? `/p${n}` : ""}`,
        `comment body (${format})`,
        comments.accepted.map((id) => `x${id}`),
      );
      run.count(`comment body (${format})`, "x", comments.accepted, comments.rejected, [shown]);
    }
    run.expectNothingLive();
  }, 240_000);

  it("discussion titles and excerpts (lists, discussion pages, search with highlighting), notifications and e-mails", async () => {
    const titlesCategory = (
      await admin.post<{ categoryID: number }>("/categories", { name: "XSS titles", urlcode: "xss-titles" })
    ).categoryID;
    const titles = await run.createEach(packText(discussionRules.nameMaxLength, "t"), (pack) =>
      admin.send<{ discussionID: number; url: string }>("POST", "/discussions", {
        name: pack.value,
        body: textBody("xsstitle", pack.ids, "e"),
        format: "text",
        categoryID: titlesCategory,
      }),
    );
    const excerpts = titles.created.flatMap(({ pack }) => pack.ids);
    const pages = await run.pagesAs(adminLogin);
    const [hydrated] = await run.pagesAs(adminLogin, true);

    const listed = await run.visitPages(
      hydrated!,
      (n) => `/categories/xss-titles${n > 1 ? `/p${n}` : ""}`,
      "category list",
      titles.accepted.map((id) => `t${id}`),
    );
    run.phase("title discussions created, category list visited");
    run.count("discussion titles (category list)", "t", titles.accepted, titles.rejected, [listed]);
    run.count("excerpts (category list)", "e", excerpts, 0, [listed]);

    // Every title goes through the lists; the pages of one title each, for the sample of one-record pages.
    const sampled = titles.created.filter(({ pack }) => pack.ids.some((id) => sampledIds.has(id)));
    const mentioned = sampled.flatMap(({ pack }) => pack.ids);
    const opened = await run.visitAll(
      pages,
      sampled.map(({ record }) => ({
        pathname: pathOf(record.url),
        path: "discussion title (discussion page)",
      })),
    );
    run.phase("title discussion pages");
    run.count("discussion titles (discussion page)", "t", mentioned, 0, opened);

    const found = await run.visitPages(
      hydrated!,
      (n) => `/search?query=xsstitle${n > 1 ? `&page=${n}` : ""}`,
      "search results",
      titles.accepted.map((id) => `t${id}`),
    );
    run.phase("search pages");
    run.count("discussion titles (search results)", "t", titles.accepted, titles.rejected, [found]);
    run.count("excerpts with highlighting (search results)", "e", excerpts, 0, [found]);

    // The reader is mentioned in the sampled ones: the notifications and their e-mails carry the titles.
    for (const { record } of sampled) {
      await admin.post("/comments", {
        discussionID: record.discussionID,
        body: `Over to you, @${member.name}.`,
        format: "markdown",
      });
    }
    run.phase("mentions posted");
    const [reader] = await run.pagesAs(member, true);
    const notified = await run.visitPages(
      reader!,
      (n) => `/profile/notifications${n > 1 ? `?page=${n}` : ""}`,
      "notifications page",
      mentioned.map((id) => `t${id}`),
    );
    run.phase("notification pages");
    run.count("discussion titles (notifications page)", "t", mentioned, 0, [notified]);

    await run.watch.visit(reader!, "/discussions", "notifications dropdown");
    const readerView = new NotificationsPage(reader!, parley.baseUrl);
    await readerView.notificationsButton.click();
    // The list's first notification, not the menu's first link ("All Notifications" is there before the list loads).
    await readerView.list.getByRole("link").first().waitFor();
    const dropdown = await run.watch.inspect(reader!, "notifications dropdown", '[role="dialog"]');
    const latest = [...dropdown].filter((token) => token.startsWith("t")).map((token) => Number(token.slice(1)));
    expect(latest.length, "the dropdown shows titles").toBeGreaterThan(0);
    run.tally.add("discussion titles (notifications dropdown)", latest, 0, new Set(latest));

    // Each mention's e-mail, as HTML with scripts on.
    const mails = (await parley.readOutbox()).filter((mail) => mail.to === member.email);
    const mailPage = await parley.newPage({ javaScriptEnabled: true });
    await run.watch.arm(mailPage.context());
    const mailed: Set<string>[] = [];
    for (const mail of mails) {
      await mailPage.evaluate(() => {
        (window as Window & { __xss?: unknown[] }).__xss = [];
      });
      await mailPage.setContent(mail.html, { waitUntil: "load" });
      mailed.push(await run.watch.inspect(mailPage, `e-mail "${mail.subject.slice(0, 40)}"`));
    }
    run.phase("e-mails");
    run.count("discussion titles (notification e-mails)", "t", mentioned, 0, mailed);
    run.expectNothingLive();
  }, 900_000);

  it("signatures in every format, user titles; user names are refused", async () => {
    const signaturePacks = new Map(
      formats.map((format) => [format, packBodies(format, userRules.signatureMaxLength, { prefix: "s" })]),
    );
    const titlePacks = packText(100, "u", fieldVectors);
    const most = Math.max(...[...signaturePacks.values()].map((packing) => packing.packs.length));
    const thread = await admin.post<{ discussionID: number; url: string }>("/discussions", {
      name: `${probeWord} signatures`,
      body: "Signed comments below.",
      format: "text",
      categoryID: xssCategory,
    });
    const signers: { name: string; userID: number; api: ApiSession }[] = [];
    for (let index = 0; index < most; index++) {
      const signer = newMember(`xsssig${index}`);
      const { json } = await admin.send<{ userID: number }>("POST", "/users", { ...signer });
      const api = await signInApi(parley.baseUrl, signer.name, signer.password);
      await api.post("/comments", {
        discussionID: thread.discussionID,
        body: `Signed by ${signer.name}.`,
        format: "text",
      });
      signers.push({ name: signer.name, userID: json.userID, api });
    }
    const [hydrated] = await run.pagesAs(adminLogin, true);
    for (const [format, packing] of signaturePacks) {
      const signed = await run.createEach(packing, (pack, index) =>
        signers[index]!.api.send("PATCH", "/users/$me", { signature: pack.value, signatureFormat: format }),
      );
      const shown = await run.visitPages(
        hydrated!,
        (n) => `${pathOf(thread.url)}${n > 1 ? `/p${n}` : ""}`,
        `signatures (${format})`,
        signed.accepted.map((id) => `s${id}`),
      );
      run.count(`signatures (${format})`, "s", signed.accepted, signed.rejected, [shown]);
    }
    run.phase("signatures");

    // User titles, shown on profiles: as many rounds as it takes the signers to wear every title.
    const pages = await run.pagesAs(adminLogin);
    const titled: number[] = [];
    const profiles: Set<string>[] = [];
    let refused = titlePacks.tooLong.length;
    for (let from = 0; from < titlePacks.packs.length; from += signers.length) {
      const round = titlePacks.packs.slice(from, from + signers.length);
      const wearers: Visit[] = [];
      for (const [index, pack] of round.entries()) {
        const signer = signers[index]!;
        const { status } = await admin.send("PATCH", `/users/${signer.userID}`, { title: pack.value });
        if (status >= 400) refused += pack.ids.length;
        else {
          titled.push(...pack.ids);
          wearers.push({ pathname: `/profile/${encodeURIComponent(signer.name)}`, path: "user title (profile)" });
        }
      }
      profiles.push(...(await run.visitAll(pages, wearers)));
    }
    run.phase("user titles");
    run.count("user titles (profile)", "u", titled, refused, profiles);

    // Names: the validator takes letters, digits, spaces, `_`, `-` and `.` only, so no vector can be a name.
    let named = 0;
    for (const vector of vectors) {
      const { status } = await admin.send("POST", "/users", {
        name: vector.body,
        email: `xss${vector.id}@example.test`,
        password: "a-long-enough-password",
      });
      if (status >= 500) throw new Error(`A name answered ${status}.`);
      if (status < 300) named++;
    }
    run.tally.add("user names (refused by the name validator)", [], vectors.length - named, new Set());
    expect(named, "vectors taken as user names").toBe(0);
    run.expectNothingLive();
  }, 900_000);

  it("private messages and drafts", async () => {
    // Names short enough that the first message (the same vectors) fits the list's excerpt.
    const names = packText(180, "n", fieldVectors);
    const conversations = await run.createEach(names, (pack) =>
      admin.send<{ conversationID: number }>("POST", "/conversations", {
        participantUserIDs: [memberApi.userID],
        name: pack.value,
        initialBody: textBody("xssmessage", pack.ids, "e"),
        initialFormat: "text",
      }),
    );
    const [reader] = await run.pagesAs(member, true);
    const inbox = await run.visitPages(
      reader!,
      (n) => `/messages${n > 1 ? `?page=${n}` : ""}`,
      "conversations list",
      conversations.accepted.map((id) => `n${id}`),
    );
    run.count("conversation names (messages list)", "n", conversations.accepted, conversations.rejected, [inbox]);
    run.count("message excerpts (messages list)", "e", conversations.accepted, conversations.rejected, [inbox]);
    run.phase("conversations list");

    const pages = await run.pagesAs(member);
    const opened = await run.visitAll(
      pages,
      conversations.created.map(({ record }) => ({
        pathname: `/messages/${record.conversationID}`,
        path: "conversation",
      })),
    );
    run.count("conversation names (conversation page)", "n", conversations.accepted, conversations.rejected, opened);
    run.phase("conversation pages");

    for (const format of formats) {
      const { conversationID } = await admin.post<{ conversationID: number }>("/conversations", {
        participantUserIDs: [memberApi.userID],
        name: `${probeWord} ${format}`,
      });
      const messages = await run.createEach(packBodies(format, conversationRules.messageMaxLength), (pack) =>
        admin.send("POST", "/messages", { conversationID, body: pack.value, format }),
      );
      const [shown] = await run.visitAll(pages, [
        { pathname: `/messages/${conversationID}`, path: `messages (${format})` },
      ]);
      run.count(`private messages (${format})`, "x", messages.accepted, messages.rejected, [shown!]);
    }
    run.phase("messages");

    const drafts = await run.createEach(packText(discussionRules.nameMaxLength, "t"), (pack) =>
      admin.send("POST", "/drafts", {
        recordType: "discussion",
        parentRecordType: "category",
        parentRecordID: xssCategory,
        attributes: {
          body: textBody("xssdraft", pack.ids, "e"),
          format: "text",
          draftType: "discussion",
          draftMeta: { name: pack.value, categoryID: xssCategory, pinLocation: "none" },
        },
      }),
    );
    const [own] = await run.pagesAs(adminLogin, true);
    const listed = await run.visitPages(
      own!,
      (n) => `/drafts${n > 1 ? `?page=${n}` : ""}`,
      "drafts",
      drafts.accepted.map((id) => `t${id}`),
    );
    run.count("draft titles (drafts page)", "t", drafts.accepted, drafts.rejected, [listed]);
    run.count("draft excerpts (drafts page)", "e", drafts.accepted, drafts.rejected, [listed]);
    run.phase("drafts");
    run.expectNothingLive();
  }, 900_000);

  it("knowledge-base articles, categories and bases; group names and descriptions; category names and descriptions", async () => {
    const pages = await run.pagesAs(adminLogin);
    const [hydrated] = await run.pagesAs(adminLogin, true);

    const descriptions = packText(knowledgeRules.descriptionMaxLength, "d");
    const bases = await run.createEach(descriptions, (pack, index) =>
      admin.send<{ knowledgeBaseID: number; rootCategoryID: number; url: string }>("POST", "/knowledge-bases", {
        name: `${probeWord} base ${index}`,
        description: pack.value,
        urlCode: `xss-base-${index}`,
        viewType: "help",
      }),
    );
    const kb = await run.visitPages(hydrated!, () => "/kb", "knowledge bases", []);
    run.count("knowledge-base descriptions (/kb)", "d", bases.accepted, bases.rejected, [kb]);
    const [base] = bases.created.map(({ record }) => record);
    const names = packText(knowledgeRules.nameMaxLength, "n");
    const categories = await run.createEach(names, (pack) =>
      admin.send<{ knowledgeCategoryID: number; url: string }>("POST", "/knowledge-categories", {
        name: pack.value,
        parentID: base!.rootCategoryID,
      }),
    );
    const basePage = await run.visitPages(hydrated!, () => pathOf(base!.url), "knowledge base", []);
    run.count("knowledge category names (base page)", "n", categories.accepted, categories.rejected, [basePage]);

    // Articles: one category of bodies in every format, then one article per name.
    const [home] = categories.created.map(({ record }) => record);
    const articles: Visit[] = [];
    for (const format of formats) {
      const bodies = await run.createEach(packBodies(format, 50_000), (pack, index) =>
        admin.send<{ url: string }>("POST", "/articles", {
          knowledgeCategoryID: home!.knowledgeCategoryID,
          name: `${probeWord} ${format} ${index}`,
          body: pack.value,
          format,
        }),
      );
      const shown = await run.visitAll(
        pages,
        bodies.created.map(({ record }) => ({ pathname: pathOf(record.url), path: `article body (${format})` })),
      );
      run.count(`knowledge-base article body (${format})`, "x", bodies.accepted, bodies.rejected, shown);
    }
    const named = await run.createEach(packText(knowledgeRules.nameMaxLength, "a", fieldVectors), (pack) =>
      admin.send<{ url: string }>("POST", "/articles", {
        knowledgeCategoryID: home!.knowledgeCategoryID,
        name: pack.value,
        body: textBody("xssarticle", pack.ids, "e"),
        format: "text",
      }),
    );
    for (const { record } of named.created) articles.push({ pathname: pathOf(record.url), path: "article name" });
    const listed = await run.visitPages(
      hydrated!,
      (n) => `${pathOf(home!.url)}${n > 1 ? `/p${n}` : ""}`,
      "kb category",
      [...named.accepted.map((id) => `a${id}`)],
    );
    run.count("knowledge-base article names (category page)", "a", named.accepted, named.rejected, [listed]);
    const opened = await run.visitAll(pages, articles);
    run.count("knowledge-base article names (article page)", "a", named.accepted, named.rejected, opened);
    run.phase("knowledge base");

    const groupDescriptions = packText(groupRules.descriptionMaxLength, "d", fieldVectors);
    const groups = await run.createEach(packText(groupRules.nameMaxLength, "g", fieldVectors), (pack, index) =>
      admin.send<{ url: string }>("POST", "/groups", {
        name: pack.value,
        description: groupDescriptions.packs[index]?.value ?? "A group.",
        privacy: "public",
      }),
    );
    const described = groupDescriptions.packs.slice(0, groups.created.length).flatMap((pack) => pack.ids);
    const groupList = await run.visitPages(
      hydrated!,
      (n) => `/groups${n > 1 ? `?page=${n}` : ""}`,
      "groups",
      groups.accepted.map((id) => `g${id}`),
    );
    run.count("group names (groups page)", "g", groups.accepted, groups.rejected, [groupList]);
    // The cards show the start of each description: counted, not expected in full.
    const cards = new Set(
      [...groupList].filter((token) => token.startsWith("d")).map((token) => Number(token.slice(1))),
    );
    run.tally.add("group descriptions (groups page, as far as the cards show them)", described, 0, cards);
    const groupPages = await run.visitAll(
      pages,
      groups.created
        .slice(0, groupDescriptions.packs.length)
        .map(({ record }) => ({ pathname: pathOf(record.url), path: "group page" })),
    );
    run.count("group descriptions (group page)", "d", described, 0, groupPages);
    run.phase("groups");

    const parent = await admin.post<{ categoryID: number }>("/categories", {
      name: "XSS categories",
      urlcode: "xss-cats",
    });
    const categoryDescriptions = packText(2000, "d", fieldVectors);
    const forumCategories = await run.createEach(packText(255, "c", fieldVectors), (pack, index) =>
      admin.send<{ url: string }>("POST", "/categories", {
        name: pack.value,
        urlcode: `xss-cat-${index}`,
        parentCategoryID: parent.categoryID,
        description: categoryDescriptions.packs[index]?.value ?? null,
      }),
    );
    const categoriesPage = await run.visitPages(hydrated!, () => "/categories", "categories", []);
    const parentPage = await run.visitPages(hydrated!, () => "/categories/xss-cats", "category", []);
    const categoryDescribed = categoryDescriptions.packs
      .slice(0, forumCategories.created.length)
      .flatMap((pack) => pack.ids);
    run.count(
      "category names (categories page, parent page)",
      "c",
      forumCategories.accepted,
      forumCategories.rejected,
      [categoriesPage, parentPage],
    );
    run.count("category descriptions (categories page, parent page)", "d", categoryDescribed, 0, [
      categoriesPage,
      parentPage,
    ]);
    const categoryPages = await run.visitAll(
      pages,
      forumCategories.created.map(({ record }) => ({ pathname: pathOf(record.url), path: "category page" })),
    );
    run.count("category names (category page)", "c", forumCategories.accepted, forumCategories.rejected, categoryPages);
    run.phase("categories");
    run.expectNothingLive();
  }, 900_000);

  it("report reasons and notes on the moderation queue, the leaving page, the log pages", async () => {
    const pages = await run.pagesAs(adminLogin);
    const [hydrated] = await run.pagesAs(adminLogin, true);
    const reasonDescriptions = packText(1000, "d");
    const reasons = await run.createEach(packText(255, "r"), (pack, index) =>
      admin.send<{ reportReasonID: string }>("POST", "/report-reasons", {
        reportReasonID: `xss-${index}`,
        name: pack.value,
        description: reasonDescriptions.packs[index]?.value ?? "",
        roleIDs: [],
      }),
    );
    const reasonsDescribed = reasonDescriptions.packs.slice(0, reasons.created.length).flatMap((pack) => pack.ids);
    const reasonsPage = await run.visitPages(
      hydrated!,
      () => "/dashboard/settings/report-reasons",
      "report reasons",
      [],
    );
    run.count("report reason names (report reasons page)", "r", reasons.accepted, reasons.rejected, [reasonsPage]);
    run.count("report reason descriptions (report reasons page)", "d", reasonsDescribed, 0, [reasonsPage]);

    const notes = packText(2000, "o");
    const reasonIDs = reasons.created.map(({ record }) => record.reportReasonID);
    const reportCount = Math.max(notes.packs.length, Math.ceil(reasonIDs.length / 10));
    const noted: number[] = [];
    const reported: number[] = [];
    for (let index = 0; index < reportCount; index++) {
      const target = await admin.post<{ discussionID: number }>("/discussions", {
        name: `${probeWord} reported ${index}`,
        body: "Reported.",
        format: "text",
        categoryID: xssCategory,
      });
      const chosen = reasonIDs.slice(index * 10, index * 10 + 10);
      const note = notes.packs[index];
      const { status } = await memberApi.send("POST", "/reports", {
        recordType: "discussion",
        recordID: target.discussionID,
        reportReasonIDs: chosen.length > 0 ? chosen : reasonIDs.slice(0, 1),
        ...(note ? { noteBody: note.value } : {}),
      });
      expect(status).toBe(201);
      if (note) noted.push(...note.ids);
      for (const { pack, record } of reasons.created)
        if (chosen.includes(record.reportReasonID)) reported.push(...pack.ids);
    }
    const queue = await run.visitPages(
      hydrated!,
      (n) => `/dashboard/content/reports${n > 1 ? `?page=${n}` : ""}`,
      "reports",
      [...noted.map((id) => `o${id}`)],
    );
    run.count("report notes (moderation queue)", "o", noted, 0, [queue]);
    run.count("report reason names (moderation queue)", "r", reported, 0, [queue]);
    run.phase("reports");

    // The leaving page shows the target address (any http(s) one); here each vector rides in one. An address too
    // long for a request line is refused (4xx) before any page.
    const leaving = await inParallel(fieldVectors, pages.length, async (vector, lane) => {
      const target = `https://ok.example/${markerOf(vector.id, "l")}#${vector.body}`;
      const pathname = `/home/leaving?target=${encodeURIComponent(target)}`;
      return {
        id: vector.id,
        shown: await run.watch.visit(pages[lane]!, pathname, "leaving page", { allowRefusal: true }),
      };
    });
    const taken = leaving.filter((visit) => visit.shown !== null);
    run.count(
      "leaving page (target address)",
      "l",
      taken.map((visit) => visit.id),
      leaving.length - taken.length,
      taken.map((visit) => visit.shown!),
    );
    run.phase("leaving");

    // Revisions: a discussion edited into every format's bodies; the log shows each edit's before and after.
    const edited = await admin.post<{ discussionID: number }>("/discussions", {
      name: `${probeWord} edited`,
      body: "The first wording.",
      format: "text",
      categoryID: xssCategory,
    });
    const revised: number[] = [];
    for (const format of formats) {
      const packing = packBodies(format, 50_000);
      const edits = await run.createEach(packing, (pack) =>
        admin.send("PATCH", `/discussions/${edited.discussionID}`, { body: pack.value, format }),
      );
      revised.push(...edits.accepted);
    }
    const history = await run.visitPages(
      hydrated!,
      (n) => `/log/filter?recordType=discussion&recordID=${edited.discussionID}${n > 1 ? `&page=${n}` : ""}`,
      "revisions",
      revised.map((id) => `x${id}`),
    );
    const seenIds = new Set([...history].filter((token) => token.startsWith("x")).map((token) => token.slice(1)));
    run.tally.add("revisions (log page)", revised, 0, new Set([...seenIds].map(Number)));
    expect(seenIds.size / vectors.length).toBeGreaterThanOrEqual(0.9);

    const thread = await admin.post<{ discussionID: number }>("/discussions", {
      name: `${probeWord} deleted comments`,
      body: "Comments deleted below.",
      format: "text",
      categoryID: xssCategory,
    });
    const doomed = await run.createEach(packBodies("html", 50_000), (pack) =>
      admin.send<{ commentID: number }>("POST", "/comments", {
        discussionID: thread.discussionID,
        body: pack.value,
        format: "html",
      }),
    );
    for (const { record } of doomed.created)
      expect((await admin.send("DELETE", `/comments/${record.commentID}`)).status).toBe(204);
    const deleted = await run.visitPages(
      hydrated!,
      (n) =>
        `/log/filter?parentRecordID=${thread.discussionID}&recordType=comment&operation=delete${n > 1 ? `&page=${n}` : ""}`,
      "deleted comments",
      doomed.accepted.map((id) => `x${id}`),
    );
    run.count("deleted comments (log page, html)", "x", doomed.accepted, doomed.rejected, [deleted]);
    run.phase("log pages");
    run.expectNothingLive();
  }, 900_000);
});

import type { AutomationCatalog, AutomationDispatch, AutomationRule, Me } from "@parley/contracts";
import { paginationHeaders } from "@parley/contracts/headers";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "../../lib/api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { Providers } from "../../Providers.tsx";
import { RouteErrorPage } from "../../shell/ErrorPages.tsx";
import { memberMe } from "../../shell/testing.tsx";
import { createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import { createAutomationRoutes } from "./automation.routes.tsx";

afterEach(cleanup);

const admin: Me = { ...memberMe, isAdmin: true, permissions: [...memberMe.permissions, "site.manage"] };

const rule: AutomationRule = {
  automationRuleID: 5,
  name: "Close idle",
  status: "inactive",
  trigger: {
    triggerType: "staleDiscussionTrigger",
    triggerName: "Time since last activity",
    triggerValue: { triggerTimeDelay: { length: 30, unit: "day" } },
  },
  action: { actionType: "closeDiscussionAction", actionName: "Close the discussion", actionValue: {} },
  insertUserID: 2,
  dateInserted: "2026-01-01T00:00:00+00:00",
  updateUserID: null,
  dateUpdated: null,
  dateLastRun: null,
};

const catalog: AutomationCatalog = {
  triggers: {
    staleDiscussionTrigger: {
      name: "Time since last activity",
      contentType: "posts",
      schema: {},
      triggerActions: ["closeDiscussionAction", "moveToCategoryAction", "addTagToDiscussionAction"],
    },
    newDiscussionTrigger: {
      name: "New discussion in a category",
      contentType: "posts",
      schema: {},
      triggerActions: ["moveToCategoryAction", "addTagToDiscussionAction"],
    },
    reportPostTrigger: {
      name: "Post reported a number of times",
      contentType: "posts",
      schema: {},
      triggerActions: ["sendEmailAction", "createEscalationAction"],
    },
    newUserTrigger: {
      name: "New member joined",
      contentType: "users",
      schema: {},
      triggerActions: ["sendEmailAction"],
    },
  },
  actions: {
    closeDiscussionAction: { name: "Close the discussion", contentType: "posts", schema: {}, actionTriggers: [] },
    moveToCategoryAction: { name: "Move to a category", contentType: "posts", schema: {}, actionTriggers: [] },
    addTagToDiscussionAction: { name: "Add a tag", contentType: "posts", schema: {}, actionTriggers: [] },
    addDiscussionToCollectionAction: {
      name: "Add to a collection",
      contentType: "posts",
      schema: {},
      actionTriggers: [],
    },
    sendEmailAction: { name: "Send an e-mail", contentType: "posts", schema: {}, actionTriggers: [] },
    createEscalationAction: { name: "Escalate", contentType: "posts", schema: {}, actionTriggers: [] },
  },
};

const dispatch: AutomationDispatch = {
  automationRuleDispatchUUID: "d1",
  automationRuleID: 5,
  name: "Close idle",
  dispatchType: "manual",
  dispatchStatus: "success",
  dispatchUserID: 2,
  dateDispatched: "2026-05-31T10:00:00+00:00",
  dateFinished: "2026-05-31T10:00:01+00:00",
  affectedRecordType: "discussion",
  estimatedRecordCount: 3,
  affectedRecordCount: 3,
  failedRecordCount: 0,
  errorMessage: null,
  trigger: { triggerType: "staleDiscussionTrigger", triggerValue: {} },
  action: { actionType: "closeDiscussionAction", actionValue: {} },
};

const category = (categoryID: number, name: string) => ({ categoryID, name, children: [] });

function renderAt(path: string, routes: Parameters<typeof createFakeTransport>[0] = {}) {
  const transport = createFakeTransport({
    "GET /users/me": jsonResponse(admin),
    "GET /automation-rules": jsonResponse([rule]),
    "GET /automation-rules/catalog": jsonResponse(catalog),
    "GET /automation-rules/5": jsonResponse(rule),
    "GET /automation-rules/5/dispatches": jsonResponse([], 200, {
      [paginationHeaders.current]: "1",
      [paginationHeaders.limit]: "30",
      [paginationHeaders.resultCount]: "0",
    }),
    "GET /categories": jsonResponse([category(1, "General"), category(2, "Archive")]),
    "GET /tags": jsonResponse([{ tagID: 7, name: "stale" }]),
    "GET /collections": jsonResponse([{ collectionID: 3, name: "Featured", records: [] }]),
    ...routes,
  });
  const queryClient = createQueryClient();
  const api = createApiClient(transport);
  const router = createMemoryRouter(
    [{ errorElement: <RouteErrorPage />, children: createAutomationRoutes({ queryClient, api }) }],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={queryClient} api={api} head={null} now={Date.parse("2026-06-01T12:00:00Z")}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { transport };
}

const validation = (field: string, message: string) =>
  jsonResponse(
    {
      message: "Validation Failed",
      status: 422,
      description: null,
      errors: [{ field, code: "invalid", message, status: 422 }],
    },
    422,
  );

describe("/dashboard/automation-rules", () => {
  it("lists the rules in a table and activates one", async () => {
    const { transport } = renderAt("/dashboard/automation-rules", {
      "PUT /automation-rules/5/status": ({ body }) => jsonResponse({ ...rule, ...(body as object) }),
    });
    const table = await screen.findByRole("table", { name: "Automation Rules" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getByRole("link", { name: "Close idle" }).getAttribute("href")).toBe(
      "/dashboard/automation-rules/5",
    );
    expect(row.textContent).toContain("Time since last activity");
    expect(row.textContent).toContain("Close the discussion");
    expect(row.textContent).toContain("Inactive");
    expect(row.textContent).toContain("Never");
    fireEvent.click(within(row).getByRole("button", { name: "Activate “Close idle”" }));
    await screen.findByText("“Close idle” is active: it runs every hour.");
    await waitFor(() =>
      expect(transport.requests.find((request) => request.method === "PUT")?.body).toEqual({ status: "active" }),
    );
  });

  it("asks before deleting a rule", async () => {
    const { transport } = renderAt("/dashboard/automation-rules?delete=5", {
      "DELETE /automation-rules/5": jsonResponse(null, 204),
    });
    const dialog = await screen.findByRole("heading", { name: "Delete “Close idle”?" });
    expect(dialog).toBeTruthy();
    expect(transport.requests.some((request) => request.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getAllByRole("button", { name: "Delete" })[0]!);
    await waitFor(() =>
      expect(transport.requests.find((request) => request.method === "DELETE")?.path).toBe("/automation-rules/5"),
    );
  });

  it("previews a new rule: the discussions it would change, their titles linked; then nothing", async () => {
    let count = 2;
    const { transport } = renderAt("/dashboard/automation-rules/add", {
      "POST /automation-rules/preview": () =>
        jsonResponse({
          affectedRecordType: "discussion",
          count,
          records: [
            { recordType: "discussion", recordID: 9, name: "Old question", url: "/discussion/9/old-question" },
            { recordType: "discussion", recordID: 8, name: "Older", url: "/discussion/8/older" },
          ].slice(0, count),
        }),
    });
    const form = await screen.findByRole<HTMLFormElement>("form", { name: "The rule" });
    form.noValidate = true;
    fireEvent.change(within(form).getByLabelText(/^No new post for/u), { target: { value: "14" } });
    fireEvent.click(within(form).getByRole("button", { name: "Preview" }));
    const list = await screen.findByRole("list", { name: "Discussions the rule would change" });
    expect(within(list).getByRole("link", { name: "Old question" }).getAttribute("href")).toBe(
      "/discussion/9/old-question",
    );
    expect(screen.getByText("2 discussions would be changed now.")).toBeTruthy();
    expect(transport.requests.find((request) => request.path === "/automation-rules/preview")?.body).toEqual({
      trigger: {
        triggerType: "staleDiscussionTrigger",
        triggerValue: { triggerTimeDelay: { length: 14, unit: "day" } },
      },
      action: { actionType: "closeDiscussionAction", actionValue: {} },
    });
    // The form keeps what was typed.
    expect(within(screen.getByRole("form", { name: "The rule" })).getByLabelText(/^No new post for/u)).toHaveProperty(
      "value",
      "14",
    );
    count = 0;
    fireEvent.click(within(screen.getByRole("form", { name: "The rule" })).getByRole("button", { name: "Preview" }));
    await screen.findByText("Nothing matches this rule right now.");
  });

  it("checks the form before asking the server, and shows the server's 422 beside its field", async () => {
    const { transport } = renderAt("/dashboard/automation-rules/add", {
      "POST /automation-rules": validation("action.actionValue.categoryID", "There is no such category."),
    });
    const form = await screen.findByRole<HTMLFormElement>("form", { name: "The rule" });
    form.noValidate = true;
    fireEvent.change(within(form).getByLabelText(/^Name/u), { target: { value: "Archive old" } });
    fireEvent.change(within(form).getByLabelText(/^Action type/u), { target: { value: "moveToCategoryAction" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add Rule" }));
    expect(await screen.findByText("Choose the category to move the discussions to.")).toBeTruthy();
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);

    const again = screen.getByRole<HTMLFormElement>("form", { name: "The rule" });
    again.noValidate = true;
    fireEvent.change(within(again).getByLabelText(/^Move to/u), { target: { value: "2" } });
    fireEvent.click(within(again).getByRole("button", { name: "Add Rule" }));
    const message = await screen.findByText("There is no such category.");
    const select = within(screen.getByRole("form", { name: "The rule" })).getByLabelText(/^Move to/u);
    expect(select.getAttribute("aria-describedby")).toContain(message.id);
    expect(transport.requests.find((request) => request.method === "POST")?.body).toEqual({
      name: "Archive old",
      trigger: {
        triggerType: "staleDiscussionTrigger",
        triggerValue: { triggerTimeDelay: { length: 30, unit: "day" } },
      },
      action: { actionType: "moveToCategoryAction", actionValue: { categoryID: 2 } },
    });
  });

  it("adds an event rule: a post reported N times, an e-mail to its author, each field checked first", async () => {
    const { transport } = renderAt("/dashboard/automation-rules/add", {
      "POST /automation-rules": jsonResponse({ ...rule, automationRuleID: 6 }, 201),
      "GET /automation-rules/6": jsonResponse({ ...rule, automationRuleID: 6 }),
      "GET /automation-rules/6/dispatches": jsonResponse([]),
    });
    const form = await screen.findByRole<HTMLFormElement>("form", { name: "The rule" });
    form.noValidate = true;
    fireEvent.change(within(form).getByLabelText(/^Name/u), { target: { value: "Tell the author" } });
    fireEvent.change(within(form).getByLabelText(/^Trigger type/u), { target: { value: "reportPostTrigger" } });
    fireEvent.change(within(form).getByLabelText(/^Action type/u), { target: { value: "sendEmailAction" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add Rule" }));
    expect(await screen.findByText("Enter a whole number from 1 to 100.")).toBeTruthy();
    expect(screen.getByText("Enter the e-mail's subject.")).toBeTruthy();
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);

    const again = screen.getByRole<HTMLFormElement>("form", { name: "The rule" });
    again.noValidate = true;
    fireEvent.change(within(again).getByLabelText(/^Open reports of the post/u), { target: { value: "3" } });
    fireEvent.change(within(again).getByLabelText(/^E-mail subject/u), { target: { value: "Reported" } });
    fireEvent.change(within(again).getByLabelText(/^E-mail text/u), { target: { value: "Members reported it." } });
    fireEvent.click(within(again).getByRole("button", { name: "Add Rule" }));
    await waitFor(() => expect(transport.requests.some((request) => request.method === "POST")).toBe(true));
    expect(transport.requests.find((request) => request.method === "POST")?.body).toEqual({
      name: "Tell the author",
      trigger: { triggerType: "reportPostTrigger", triggerValue: { countReports: 3 } },
      action: {
        actionType: "sendEmailAction",
        actionValue: { emailSubject: "Reported", emailBody: "Members reported it." },
      },
    });
  });

  it("runs a rule now and shows its dispatch log", async () => {
    let runs: AutomationDispatch[] = [];
    const { transport } = renderAt("/dashboard/automation-rules/5", {
      "GET /automation-rules/5/dispatches": () => jsonResponse(runs),
      "POST /automation-rules/5/trigger": () => {
        runs = [dispatch];
        return jsonResponse(dispatch);
      },
    });
    expect(await screen.findByText("The rule has not run yet.")).toBeTruthy();
    expect(within(screen.getByRole("form", { name: "Settings" })).getByLabelText(/^No new post for/u)).toHaveProperty(
      "value",
      "30",
    );
    fireEvent.click(screen.getByRole("button", { name: "Run now" }));
    await screen.findByText("The run is finished: 3 of 3 discussions changed, 0 failed.");
    const log = await screen.findByRole("table", { name: "Dispatch log" });
    const cells = within(within(log).getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.slice(1).map((cell) => cell.textContent)).toEqual(["Run now", "Done", "3", "3", "0", "—"]);
    expect(transport.requests.some((request) => request.path === "/automation-rules/5/trigger")).toBe(true);
  });
});

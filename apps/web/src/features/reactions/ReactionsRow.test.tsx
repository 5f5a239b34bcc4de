import { useQuery, type QueryKey } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "@parley/contracts";
import type { ApiResponse } from "../../lib/api.ts";
import { guestMe, memberMe, renderWithShell } from "../../shell/testing.tsx";
import { type createFakeTransport, jsonResponse } from "../../test/fixtures.ts";
import type { Reactable, ReactionCache } from "./reactions.model.ts";
import { ReactionsRow } from "./ReactionsRow.tsx";
import { memberStanding } from "../warnings/index.ts";
import { allTypes } from "./reactions.testing.ts";

afterEach(cleanup);

const reactor: Me = {
  ...memberMe,
  permissions: [...memberMe.permissions, "reactions.positive.add", "reactions.negative.add", "reactions.view"],
};

const initial: Reactable = {
  score: 2,
  reactions: [
    { tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count: 2, hasReacted: false, reactionValue: 1 },
  ],
};
const cache: ReactionCache = { queryKey: ["record"], update: (data, change) => change(data as Reactable) };

/** The row over a cached record, with the record's score shown so the test can read it. */
function Harness({ onError }: { onError: (error: unknown) => void }) {
  const { data } = useQuery({
    queryKey: ["record"],
    queryFn: () => currentRecord,
    initialData: currentRecord,
    staleTime: Infinity,
  });
  return (
    <>
      <output aria-label="score">{data.score}</output>
      <ReactionsRow
        recordType="discussion"
        recordID={1}
        record={data}
        cache={cache}
        viewer={useMe()}
        onError={onError}
      />
    </>
  );
}
let currentMe: Me = reactor;
let currentRecord: Reactable = initial;
const useMe = () => currentMe;

function deferred() {
  let resolve!: (response: ApiResponse) => void;
  const promise = new Promise<ApiResponse>((done) => (resolve = done));
  return { promise, resolve };
}

type Routes = Parameters<typeof createFakeTransport>[0];

const renderRow = (
  routes: Routes,
  me: Me = reactor,
  cached: Array<[QueryKey, unknown]> = [],
  record: Reactable = initial,
) => {
  currentMe = me;
  currentRecord = record;
  const onError = vi.fn();
  const result = renderWithShell(<Harness onError={onError} />, {
    me,
    routes: { "GET /reactions": jsonResponse(allTypes), ...routes },
    cached,
  });
  return { ...result, onError };
};

const score = () => screen.getByRole("status", { name: "score" }).textContent;
const button = (name: RegExp) => screen.getByRole("button", { name });
const toolbar = () => screen.findByRole("toolbar", { name: "Reactions" });
/** Opens the React menu and chooses a type in it. */
const pick = async (name: string) => {
  fireEvent.click(await screen.findByRole("button", { name: "React" }));
  fireEvent.click(await screen.findByRole("menuitem", { name }));
};

describe("ReactionsRow", () => {
  it("shows a member made read-only by warnings the buttons disabled, described by the restriction's sentence", async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    // As on a member's page: the reading part loaded, their standing prefetched by the loader.
    await memberStanding.load();
    const { transport } = renderRow({}, reactor, [
      [
        ["warnings", reactor.userID, "summary"],
        { userID: reactor.userID, activePoints: 3, readOnlyUntil: until, readOnlyPoints: 3, banPoints: 5 },
      ],
    ]);
    const row = await toolbar();
    const sentence = `You have been warned and can't post until ${until.slice(0, 10)}.`;
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole("button")
          .every((item) => item.hasAttribute("disabled")),
      ).toBe(true),
    );
    expect(within(row).getAllByRole("button")).toHaveLength(2);
    expect(row.getAttribute("title")).toBe(sentence);
    expect(document.getElementById(row.getAttribute("aria-describedby")!)?.textContent).toBe(sentence);
    for (const item of within(row).getAllByRole("button")) fireEvent.click(item);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(transport.requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("shows a chip per reaction the post has (icon, name, count, pressed state) and a React button", async () => {
    renderRow({});
    const row = await toolbar();
    expect(
      within(row)
        .getAllByRole("button")
        .map((item) => item.getAttribute("data-reaction")),
    ).toEqual(["agree", ""]);
    expect(button(/^Agree 2$/).getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByRole("button", { name: /^Like/ })).toBeNull();
    // Each chip shows its type's icon, decorative beside the name.
    const icon = button(/^Agree 2$/).querySelector("img");
    expect([icon?.getAttribute("src"), icon?.getAttribute("alt")]).toEqual([
      "http://localhost/images/reactions/agree.svg",
      "",
    ]);
    expect(button(/^React$/).getAttribute("aria-haspopup")).toBe("menu");
  });

  it("shows the count of a reaction the member may not give (Promote) as a chip that is no button", async () => {
    const promoted: Reactable = {
      ...initial,
      reactions: [
        ...initial.reactions!,
        { tagID: 1, urlcode: "promote", name: "Promote", class: "Positive", count: 1, hasReacted: false },
      ],
    };
    renderRow({}, reactor, [], promoted);
    const row = await toolbar();
    await waitFor(() => expect(row.textContent).toContain("Promote 1"));
    expect(screen.queryByRole("button", { name: /^Promote/ })).toBeNull();
    expect(
      within(row)
        .getAllByRole("button")
        .map((item) => item.getAttribute("data-reaction")),
    ).toEqual(["agree", ""]);
  });

  it("the React menu offers every type the member may add (no Flag, no Promote), with its icon", async () => {
    renderRow({});
    fireEvent.click(await screen.findByRole("button", { name: "React" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Disagree", "Agree", "Like"]);
    expect(within(menu).getByRole("menuitem", { name: "Like" }).querySelector("img")?.getAttribute("alt")).toBe("");
  });

  it("is one Tab stop: a roving tabindex the arrow keys, Home and End move", async () => {
    renderRow({});
    const row = await toolbar();
    const [agreeChip, react] = within(row).getAllByRole("button") as [HTMLButtonElement, HTMLButtonElement];
    expect([agreeChip.tabIndex, react.tabIndex]).toEqual([0, -1]);
    agreeChip.focus();
    fireEvent.keyDown(agreeChip, { key: "ArrowRight" });
    expect(document.activeElement).toBe(react);
    await waitFor(() => expect([agreeChip.tabIndex, react.tabIndex]).toEqual([-1, 0]));
    fireEvent.keyDown(react, { key: "ArrowRight" });
    expect(document.activeElement).toBe(agreeChip);
    fireEvent.keyDown(agreeChip, { key: "End" });
    expect(document.activeElement).toBe(react);
    fireEvent.keyDown(react, { key: "Home" });
    expect(document.activeElement).toBe(agreeChip);
    fireEvent.keyDown(agreeChip, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(react);
  });

  it("changes the score and count at once, before the server answers, then keeps the server's counts", async () => {
    const answer = deferred();
    const { transport } = renderRow({
      "POST /discussions/1/reactions": () => answer.promise as unknown as ApiResponse,
    });
    await pick("Like");
    await waitFor(() => expect(button(/^Like 1$/).getAttribute("aria-pressed")).toBe("true"));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(score()).toBe("3");
    expect(transport.requests.find((request) => request.method === "POST")?.body).toEqual({ reactionType: "like" });

    await act(async () => {
      answer.resolve(
        jsonResponse(
          [
            { tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count: 2 },
            { tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 5 },
          ],
          201,
        ),
      );
    });
    await waitFor(() => expect(button(/^Like 5$/).getAttribute("aria-pressed")).toBe("true"));
    expect(score()).toBe("3");

    // The menu marks the viewer's reaction; choosing it again keeps it (the chip takes it back).
    await pick("Like Your reaction");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(button(/^Like 5$/).getAttribute("aria-pressed")).toBe("true");
    expect(transport.requests.filter((request) => request.method !== "GET")).toHaveLength(1);
  });

  it("switching type removes the old reaction's value first; pressing the viewer's chip takes it back", async () => {
    const agreeCount = (count: number) => ({ tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count });
    const answers = [
      [agreeCount(2), { tagID: 4, urlcode: "disagree", name: "Disagree", class: "Negative", count: 1 }],
      [agreeCount(3)],
      [agreeCount(2), { tagID: 4, urlcode: "disagree", name: "Disagree", class: "Negative", count: 1 }],
    ];
    const { transport } = renderRow({
      "POST /discussions/1/reactions": () => jsonResponse(answers.shift(), 201),
      "DELETE /discussions/1/reactions": jsonResponse(null, 204),
    });
    await pick("Disagree");
    await waitFor(() => expect(button(/^Disagree 1$/).getAttribute("aria-pressed")).toBe("true"));
    expect(score()).toBe("1");
    fireEvent.click(button(/^Agree 2$/));
    await waitFor(() => expect(button(/^Agree 3$/).getAttribute("aria-pressed")).toBe("true"));
    // Disagree is back to 0: its chip has gone.
    expect(screen.queryByRole("button", { name: /^Disagree/ })).toBeNull();
    expect(score()).toBe("3");
    fireEvent.click(button(/^Agree 3$/));
    await waitFor(() => expect(button(/^Agree 2$/).getAttribute("aria-pressed")).toBe("false"));
    expect(score()).toBe("2");
    // Taking back the only reaction of a type: its chip goes and focus moves to the React button.
    await pick("Disagree");
    await waitFor(() => expect(button(/^Disagree 1$/).getAttribute("aria-pressed")).toBe("true"));
    button(/^Disagree 1$/).focus();
    fireEvent.click(button(/^Disagree 1$/));
    await waitFor(() => expect(screen.queryByRole("button", { name: /^Disagree/ })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button(/^React$/)));
    // (Focus on the row also fetched who reacted: GETs.)
    const calls = transport.requests.filter(
      (request) => request.path === "/discussions/1/reactions" && request.method !== "GET",
    );
    expect(calls.map((request) => request.method)).toEqual(["POST", "POST", "DELETE", "POST", "DELETE"]);
  });

  it("rolls back on failure and reports the error", async () => {
    const { onError } = renderRow({
      "POST /discussions/1/reactions": jsonResponse({ message: "Permission Problem", status: 403 }, 403),
    });
    await pick("Like");
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 403, message: "Permission Problem" });
    expect(screen.queryByRole("button", { name: /^Like/ })).toBeNull();
    expect(button(/^Agree 2$/).getAttribute("aria-pressed")).toBe("false");
    expect(score()).toBe("2");
  });

  it("fetches who reacted only on hover or focus of the row", async () => {
    const { transport } = renderRow({ "GET /discussions/1/reactions": jsonResponse([]) });
    const row = await toolbar();
    const logCalls = () => transport.requests.filter((request) => request.path === "/discussions/1/reactions");
    expect(logCalls()).toHaveLength(0);
    fireEvent.focus(within(row).getAllByRole("button")[0]!);
    await waitFor(() => expect(logCalls()).toHaveLength(1));
  });

  it("does not fetch the user list without reactions.view", async () => {
    const noView = { ...reactor, permissions: reactor.permissions.filter((name) => name !== "reactions.view") };
    const { transport } = renderRow({}, noView);
    const row = await toolbar();
    fireEvent.pointerEnter(row);
    fireEvent.focus(within(row).getAllByRole("button")[0]!);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.requests.some((request) => request.path === "/discussions/1/reactions")).toBe(false);
  });

  it("shows guests the counts without buttons", async () => {
    renderRow({}, guestMe);
    const list = await screen.findByRole("list", { name: "Reactions" });
    expect(list.textContent).toContain("Agree");
    expect(list.textContent).toContain("2");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers no type turned off, and shows its past reactions to no one", async () => {
    const agreeOff = {
      "GET /reactions": jsonResponse(allTypes.map((type) => ({ ...type, active: type.urlCode !== "agree" }))),
    };
    renderRow(agreeOff);
    fireEvent.click(await screen.findByRole("button", { name: "React" }));
    await screen.findByRole("menuitem", { name: "Like" });
    expect(screen.queryByRole("menuitem", { name: "Agree" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Agree/ })).toBeNull();
    cleanup();
    renderRow(agreeOff, guestMe);
    // The counts show until the types have loaded, then the type turned off goes.
    await waitFor(() => expect(screen.queryByRole("list", { name: "Reactions" })).toBeNull());
  });
});

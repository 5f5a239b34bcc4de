import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ReactionUserStack } from "./ReactionUserStack.tsx";

afterEach(cleanup);

const users = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ userID: index + 1, name: `User ${index + 1}`, photoUrl: "/p.png" }));

describe("ReactionUserStack", () => {
  it("names at most 5 users and collapses the rest into '+N'", () => {
    render(<ReactionUserStack users={users(8)} />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["User 1", "User 2", "User 3", "User 4", "User 5", "+3"]);
    expect(screen.getByLabelText("3 more")).toBeTruthy();
  });

  it("shows exactly 5 without a '+N'", () => {
    render(<ReactionUserStack users={users(5)} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    expect(screen.queryByText(/^\+/)).toBeNull();
  });

  it("says 'No Reactions Yet' when nobody reacted", () => {
    render(<ReactionUserStack users={[]} />);
    expect(screen.getByText("No Reactions Yet")).toBeTruthy();
  });
});

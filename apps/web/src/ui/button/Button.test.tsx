import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Button, ButtonLink } from "./Button.tsx";

afterEach(cleanup);

describe("Button", () => {
  it("is an HTML button of type button that calls onPress", () => {
    const handlePress = vi.fn();
    render(<Button onPress={handlePress}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("button");
    fireEvent.click(button);
    expect(handlePress).toHaveBeenCalledOnce();
  });

  it("takes its sizes from the theme's variables: no inline sizes, a class for medium and compact", () => {
    render(
      <>
        <Button>Default</Button>
        <Button size="compact">Compact</Button>
        <Button size="medium">Medium</Button>
        <Button style={{ color: "red" }}>Styled</Button>
      </>,
    );
    const button = (name: string) => screen.getByRole("button", { name });
    // An inline --button-height would hide a theme's own button height (themes.e2e.ts measures it in Chromium).
    for (const name of ["Default", "Compact", "Medium"]) expect(button(name).getAttribute("style")).toBeNull();
    expect(button("Styled").getAttribute("style")).toBe("color: red;");
    const classes = (name: string) => new Set(button(name).className.split(" "));
    const sizeClasses = (name: string) => [...classes(name)].filter((name) => !classes("Default").has(name));
    expect(sizeClasses("Compact")).toHaveLength(1);
    expect(sizeClasses("Medium")).toHaveLength(1);
    expect(sizeClasses("Compact")).not.toEqual(sizeClasses("Medium"));
  });

  it("gives each look its own class", () => {
    const types = ["standard", "primary", "text", "icon", "outline", "transparent", "translucid"] as const;
    render(
      <>
        {types.map((type) => (
          <Button key={type} buttonType={type} aria-label={type} />
        ))}
      </>,
    );
    const classes = types.map((type) => screen.getByRole("button", { name: type }).className);
    expect(new Set(classes).size).toBe(types.length);
  });

  it("does not call onPress when disabled", () => {
    const handlePress = vi.fn();
    render(
      <Button isDisabled onPress={handlePress}>
        Save
      </Button>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(handlePress).not.toHaveBeenCalled();
  });
});

describe("ButtonLink", () => {
  it("is a real link with the button look", () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/entry/register" buttonType="primary">
          Register
        </ButtonLink>
        <Button buttonType="primary">Compare</Button>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "Register" });
    expect(link.getAttribute("href")).toBe("/entry/register");
    expect(link.className).toBe(screen.getByRole("button", { name: "Compare" }).className);
  });
});

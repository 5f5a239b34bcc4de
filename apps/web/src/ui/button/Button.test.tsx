import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { limits } from "@parley/contracts/limits";
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

  it("takes the §9 sizes from limits", () => {
    render(
      <>
        <Button>Default</Button>
        <Button size="compact">Compact</Button>
        <Button size="medium">Medium</Button>
      </>,
    );
    const style = (name: string) => screen.getByRole("button", { name }).style;
    expect(style("Default").getPropertyValue("--button-min-width")).toBe(`${limits.sizes.buttonMinWidth}px`);
    expect(style("Default").getPropertyValue("--button-padding-x")).toBe(`${limits.sizes.buttonPaddingX}px`);
    expect(style("Default").getPropertyValue("--button-height")).toBe(`${limits.sizes.formElementHeight}px`);
    expect(style("Compact").getPropertyValue("--button-height")).toBe(`${limits.sizes.buttonCompactHeight}px`);
    expect(style("Medium").getPropertyValue("--button-height")).toBe(`${limits.sizes.buttonMediumHeight}px`);
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

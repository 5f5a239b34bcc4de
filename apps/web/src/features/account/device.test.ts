import { describe, expect, it } from "vitest";
import { deviceName } from "./device.ts";

describe("deviceName", () => {
  it("names the browser and system of common user agents", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(deviceName("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Linux",
    );
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      deviceName(
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome on Android");
  });

  it("cuts an unknown agent short and names a missing one", () => {
    expect(deviceName(null)).toBe("Unknown device");
    expect(deviceName("  ")).toBe("Unknown device");
    expect(deviceName("my-script/1.0")).toBe("my-script/1.0");
    expect(deviceName("x".repeat(100))).toBe(`${"x".repeat(39)}…`);
  });
});

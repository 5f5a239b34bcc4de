import { describe, expect, it } from "vitest";
import { formatFileSize } from "@parley/contracts/uploads";
import { formatCount } from "./numbers.ts";

describe("formatCount", () => {
  it("leaves counts below a thousand as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
  });

  it("abbreviates with k, m, b and t and one decimal", () => {
    expect(formatCount(1000)).toBe("1k");
    expect(formatCount(1234)).toBe("1.2k");
    expect(formatCount(15_000)).toBe("15k");
    expect(formatCount(2_500_000)).toBe("2.5m");
    expect(formatCount(7_100_000_000)).toBe("7.1b");
    expect(formatCount(3_000_000_000_000)).toBe("3t");
  });

  it("truncates rather than rounds, so a count never reads as the next unit", () => {
    expect(formatCount(1299)).toBe("1.2k");
    expect(formatCount(999_999)).toBe("999.9k");
    expect(formatCount(1_999_999)).toBe("1.9m");
  });

  it("gives the exact tenth for every multiple of a hundred", () => {
    for (let tenths = 10; tenths < 10_000; tenths += 1) {
      const expected = `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}k`;
      expect(formatCount(tenths * 100)).toBe(expected);
    }
  });
});

describe("formatFileSize", () => {
  it("uses B, KB, MB, GB and TB in base 1024 with 2 decimals", () => {
    expect(formatFileSize(512)).toBe("512.00 B");
    expect(formatFileSize(1024)).toBe("1.00 KB");
    expect(formatFileSize(1536)).toBe("1.50 KB");
    expect(formatFileSize(1024 ** 2 * 2.25)).toBe("2.25 MB");
    expect(formatFileSize(1024 ** 3)).toBe("1.00 GB");
    expect(formatFileSize(1024 ** 4 * 5)).toBe("5.00 TB");
    expect(formatFileSize(1024 ** 5)).toBe("1024.00 TB");
  });
});

describe("counts and dates in the page's locale", () => {
  it("abbreviates in the locale of the translations set, cut as in English", async () => {
    const { setTranslations } = await import("./translator.ts");
    const { relativeTime } = await import("./dates.ts");
    await setTranslations({ "Sign In": "Connexion" }, "fr");
    try {
      expect(formatCount(1_299).replace(/\s/g, " ")).toBe("1,2 k");
      expect(formatCount(999)).toBe("999");
      expect(relativeTime(0, 3 * 3_600_000)).toBe("il y a 3 heures");
    } finally {
      await setTranslations({});
    }
    expect(formatCount(1_299)).toBe("1.2k");
    expect(relativeTime(0, 3 * 3_600_000)).toBe("3 hours ago");
  });
});

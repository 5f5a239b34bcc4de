import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { t } from "../../lib/i18n.ts";
import { Button } from "../../ui/button/Button.tsx";
import { ChevronLeftIcon, ChevronRightIcon } from "../../ui/icons/icons.tsx";
import styles from "./HomeWidgets.module.css";

/** How far a slide sits from the start of the row's visible part (negative: scrolled past). */
const fromStart = (row: HTMLElement, slide: Element) =>
  slide.getBoundingClientRect().left - row.getBoundingClientRect().left;

const reducedMotion = () => globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/**
 * A carousel (WAI-ARIA APG's pattern). Without JavaScript, a horizontally scrollable list whose every slide
 * (and link) is reachable; with it, Previous and Next buttons, "Slide 2 of 5" in a polite live region, and, when
 * configured, auto-advance with a Pause button: never under prefers-reduced-motion (then it starts paused), and
 * stopped for good once keyboard focus enters the carousel (APG); a pointer over it holds it meanwhile.
 */
export function Carousel({
  label,
  slides,
  columns,
  autoplaySeconds,
}: {
  label: string;
  slides: Array<{ key: string; content: ReactNode }>;
  columns: number;
  autoplaySeconds?: number | undefined;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;

  useEffect(() => {
    setEnhanced(true);
    if (autoplaySeconds && !reducedMotion()) setPlaying(true);
  }, [autoplaySeconds]);

  // A scroll the buttons or the rotation started: its end leaves the current slide as they set it (the last
  // slides of a row cannot all reach its start).
  const moving = useRef(false);
  const show = useCallback(
    (next: number) => {
      const target = (next + count) % count;
      setIndex(target);
      moving.current = true;
      const slide = track.current?.children[target] as HTMLElement | undefined;
      if (slide && track.current)
        track.current.scrollTo({
          left: track.current.scrollLeft + fromStart(track.current, slide),
          behavior: reducedMotion() ? "auto" : "smooth",
        });
    },
    [count],
  );

  // A resized row (a rotated phone, a scrollbar that came or went) keeps the current slide at its start.
  const current = useRef(index);
  current.current = index;
  useEffect(() => {
    const row = track.current;
    if (!row || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const slide = row.children[current.current];
      if (!slide || Math.abs(fromStart(row, slide)) < 1) return;
      moving.current = true;
      row.scrollTo({ left: row.scrollLeft + fromStart(row, slide), behavior: "auto" });
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!playing || hovered || !autoplaySeconds) return;
    const timer = setTimeout(() => show(index + 1), autoplaySeconds * 1000);
    return () => clearTimeout(timer);
  }, [playing, hovered, autoplaySeconds, index, show]);

  // A reader who scrolls the row (a swipe) moves the current slide too, once the scroll has ended.
  const handleScrollEnd = () => {
    const element = track.current;
    if (moving.current || !element) {
      moving.current = false;
      return;
    }
    const offsets = [...element.children].map((child) => Math.abs(fromStart(element, child)));
    const nearest = offsets.indexOf(Math.min(...offsets));
    if (nearest >= 0) setIndex(nearest);
  };

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription={t("carousel")}
      aria-label={label}
      data-part="carousel"
      onFocus={(event) => {
        // Keyboard focus in the carousel stops its rotation (the Play button starts it again).
        if (event.target instanceof HTMLElement && event.target.dataset["rotation"] === undefined) setPlaying(false);
      }}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
    >
      {enhanced && count > 1 ? (
        <div className={styles.controls}>
          {autoplaySeconds ? (
            <Button buttonType="standard" size="medium" data-rotation="" onPress={() => setPlaying(!playing)}>
              {playing ? t("Pause slides") : t("Play slides")}
            </Button>
          ) : null}
          <p className={styles.status} aria-live={playing ? "off" : "polite"} aria-atomic="true">
            {t("Slide {current} of {count}", { current: index + 1, count })}
          </p>
          <Button size="medium" aria-label={t("Previous slide")} onPress={() => show(index - 1)}>
            <ChevronLeftIcon size={16} /> {t("Previous")}
          </Button>
          <Button size="medium" aria-label={t("Next slide")} onPress={() => show(index + 1)}>
            {t("Next")} <ChevronRightIcon size={16} />
          </Button>
        </div>
      ) : null}
      <div
        ref={track}
        data-track=""
        className={styles.track}
        style={{ "--columns": columns } as CSSProperties}
        onScrollEnd={enhanced ? handleScrollEnd : undefined}
      >
        {slides.map((slide, position) => (
          <div
            key={slide.key}
            className={styles.slide}
            role="group"
            aria-roledescription={t("slide")}
            aria-label={t("{current} of {count}", { current: position + 1, count })}
          >
            {slide.content}
          </div>
        ))}
      </div>
    </div>
  );
}

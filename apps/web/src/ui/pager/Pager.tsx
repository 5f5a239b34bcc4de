import { use, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { HeadContext } from "../../lib/head.tsx";
import { formatCount } from "../../lib/numbers.ts";
import { t } from "../../lib/i18n.ts";
import { Button, ButtonLink } from "../button/Button.tsx";
import { useHydrated } from "../hydrated.ts";
import { onDemand, useOnDemand } from "../on-demand.ts";
import { Tooltip } from "../tooltip/Tooltip.tsx";
import styles from "./Pager.module.css";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsRightIcon } from "../../ui/icons/icons.tsx";

/** The jump form loads when the reader reaches for its button. */
const jumpForm = onDemand(() => import("./PagerJump.tsx"));

export interface PagerProps {
  page: number;
  limit: number;
  /** Total results; with `hasMore`, a lower bound (the API capped it). */
  total: number;
  /** More pages may exist beyond `total`: the count reads 'of total+' and Next stays enabled. */
  hasMore?: boolean;
  /** The address of a page: every page has a real URL (reading pages work without JavaScript). */
  href: (page: number) => string;
  label: string;
  /** Also show a 'Next Page' button (the variant for long lists). */
  showNextButton?: boolean;
}

/** Which page numbers to show: first, last, and two either side of the current one. */
function pageNumbers(page: number, count: number): Array<number | "gap"> {
  const wanted = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1]! > 1) out.push("gap");
    out.push(n);
  });
  return out;
}

/** Counts of 1000 and more are abbreviated (spec §9). */
const count = (value: number) => formatCount(value);

/** 'a - b of total' ('+' when more may exist). */
export function pagerRange(page: number, limit: number, total: number, hasMore = false): string {
  const from = (page - 1) * limit + 1;
  const to = hasMore ? page * limit : Math.min(total, page * limit);
  return `${count(from)} - ${count(to)} ${t("of")} ${count(total)}${hasMore ? "+" : ""}`;
}

const Chevron = ({ direction }: { direction: "prev" | "next" }) =>
  direction === "prev" ? <ChevronLeftIcon size={16} /> : <ChevronRightIcon size={16} />;

/**
 * The pager of spec §2: 'a - b of total' with previous/next icon buttons, numbered page links, an
 * optional 'Next Page' button and, once JavaScript runs, a jump form. Every page is a real link; on the server the
 * previous and next pages also become the head's `rel=prev/next` links.
 */
export function Pager({ page, limit, total, hasMore = false, href, label, showNextButton = false }: PagerProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [jumping, setJumping] = useState(false);
  const jump = useOnDemand(jumpForm);
  const jumpButtonRef = useRef<HTMLButtonElement>(null);
  const wasJumping = useRef(false);
  useEffect(() => {
    // Back from the jump form: focus returns to the button that opened it.
    if (wasJumping.current && !jumping) jumpButtonRef.current?.focus();
    wasJumping.current = jumping;
  }, [jumping]);

  if (total === 0 && !hasMore) return null;
  const pageCount = Math.max(1, Math.ceil(total / limit), hasMore ? page + 1 : 1);
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  // Server only: the client build drops it.
  if (import.meta.env.SSR) {
    const head = use(HeadContext);
    if (head)
      head.pages = { prev: hasPrevious ? href(page - 1) : undefined, next: hasNext ? href(page + 1) : undefined };
  }

  const handleJump = (target: number) => {
    setJumping(false);
    if (target !== page) void navigate(href(target));
  };

  return (
    <nav className={styles.pager} aria-label={label}>
      {showNextButton && hasNext ? (
        <ButtonLink to={href(page + 1)} rel="next" className={styles.nextPage}>
          {t("Next Page")}
        </ButtonLink>
      ) : null}
      {jumping && jump.module ? (
        <jump.module.PagerJump
          page={page}
          pageCount={pageCount}
          hasMore={hasMore}
          onJump={handleJump}
          onClose={() => setJumping(false)}
        />
      ) : (
        <div className={styles.count}>
          <span>{pagerRange(page, limit, total, hasMore)}</span>
          {pageCount > 1 ? (
            <ul className={styles.links}>
              <li>
                {hasPrevious ? (
                  <ButtonLink
                    buttonType="icon"
                    size="medium"
                    to={href(page - 1)}
                    rel="prev"
                    aria-label={t("Previous Page")}
                  >
                    <Chevron direction="prev" />
                  </ButtonLink>
                ) : (
                  <Button buttonType="icon" size="medium" isDisabled aria-label={t("Previous Page")}>
                    <Chevron direction="prev" />
                  </Button>
                )}
              </li>
              {pageNumbers(page, pageCount).map((n, index) =>
                n === "gap" ? (
                  <li key={`gap-${index}`} aria-hidden="true">
                    …
                  </li>
                ) : (
                  <li key={n}>
                    <Link
                      className={n === page ? `${styles.link} ${styles.current}` : styles.link}
                      to={href(n)}
                      aria-current={n === page ? "page" : undefined}
                      aria-label={t("Page {n}", { n })}
                    >
                      {n}
                    </Link>
                  </li>
                ),
              )}
              <li>
                {hasNext ? (
                  <ButtonLink
                    buttonType="icon"
                    size="medium"
                    to={href(page + 1)}
                    rel="next"
                    aria-label={t("Next Page")}
                  >
                    <Chevron direction="next" />
                  </ButtonLink>
                ) : (
                  <Button buttonType="icon" size="medium" isDisabled aria-label={t("Next Page")}>
                    <Chevron direction="next" />
                  </Button>
                )}
              </li>
              {hydrated ? (
                <li>
                  <Tooltip label={t("Jump to a specific page")}>
                    <Button
                      ref={jumpButtonRef}
                      buttonType="icon"
                      size="medium"
                      aria-label={t("Jump to a specific page")}
                      onPointerEnter={jump.preload}
                      onFocus={jump.preload}
                      onPress={() => jump.withModule(() => setJumping(true))}
                    >
                      <ChevronsRightIcon size={16} />
                    </Button>
                  </Tooltip>
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
      )}
    </nav>
  );
}

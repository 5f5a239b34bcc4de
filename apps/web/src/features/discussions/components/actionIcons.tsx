/** Small icons of the discussion actions (decorative: their buttons carry the names). */
const svg = { viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": true, focusable: false } as const;

export const BookmarkIcon = ({ filled }: { filled: boolean }) => (
  <svg {...svg}>
    <path
      d="M6 3h12v18l-6-4.5L6 21z"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

export const SpinnerIcon = () => (
  <svg {...svg} data-spinner="">
    <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeDasharray="38 13">
      <animateTransform
        attributeName="transform"
        type="rotate"
        from="0 12 12"
        to="360 12 12"
        dur="0.7s"
        repeatCount="indefinite"
      />
    </circle>
  </svg>
);

export const MoreIcon = () => (
  <svg {...svg}>
    <circle cx="5" cy="12" r="2" fill="currentColor" />
    <circle cx="12" cy="12" r="2" fill="currentColor" />
    <circle cx="19" cy="12" r="2" fill="currentColor" />
  </svg>
);

import { configure } from "@testing-library/react";

/**
 * Parts that load on demand (React Aria, the editor) are imported on first use; in a full parallel run on
 * two cores, transforming them takes longer than Testing Library's default 1 s wait. The waits still end
 * as soon as the element appears.
 */
configure({ asyncUtilTimeout: 5_000 });

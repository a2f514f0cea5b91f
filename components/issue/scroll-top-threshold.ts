/** docs/spec.md section 2: the scroll-to-top button appears after scrolling more than 400 px. */
export const SCROLL_TOP_THRESHOLD_PX = 400;

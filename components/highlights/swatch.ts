/** A colour's round button, in the popover over a selection and in the list of highlights. */
export const swatchClass =
  "h-8 w-8 rounded-full border border-slate-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:border-slate-600 dark:focus-visible:ring-offset-slate-900";
